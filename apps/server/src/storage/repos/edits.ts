import type { Kysely } from 'kysely';
import type { EditsRepo, VersionRow } from '../../domain/edits/ports.ts';
import type { Database } from '../schema.ts';

/** The table migration 0030 adds, typed here: only this repo reads or writes it. */
interface MessageVersionsTable {
  conversation_id: string;
  seq: number;
  version: number;
  payload: string;
  replaced_at: number;
}
type EditsDatabase = Database & { message_versions: MessageVersionsTable };

export function editsRepo(database: Kysely<Database>): EditsRepo {
  const db = database as unknown as Kysely<EditsDatabase>;
  return {
    async keep(row) {
      await db
        .insertInto('message_versions')
        .values({
          conversation_id: row.conversationID,
          seq: row.seq,
          version: row.version,
          payload: row.payload,
          replaced_at: row.replacedAt,
        })
        .onConflict((oc) => oc.columns(['conversation_id', 'seq', 'version']).doNothing())
        .execute();
    },
    async list(conversationID, seq) {
      const rows = await db
        .selectFrom('message_versions')
        .selectAll()
        .where('conversation_id', '=', conversationID)
        .where('seq', '=', seq)
        .orderBy('version')
        .execute();
      return rows.map(
        (r): VersionRow => ({
          conversationID: r.conversation_id,
          seq: Number(r.seq),
          version: Number(r.version),
          payload: r.payload,
          replacedAt: Number(r.replaced_at),
        }),
      );
    },
    async drop(conversationID, seq) {
      await db
        .deleteFrom('message_versions')
        .where('conversation_id', '=', conversationID)
        .where('seq', '=', seq)
        .execute();
    },
  };
}
