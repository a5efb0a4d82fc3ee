import { type Generated, type Kysely, sql } from 'kysely';
import type { ActionsRepo } from '../../domain/actions/ports.ts';
import type { MessageRow } from '../../domain/ports.ts';
import type { ConversationsTable, Database, MessagesTable } from '../schema.ts';

/**
 * The columns migration 0010 adds to shared tables, typed here rather than in schema.ts: only this repo reads or
 * writes them, and the other repos' row types stay as they were.
 */
type ActionsDatabase = Omit<Database, 'messages' | 'conversations'> & {
  messages: MessagesTable & { change_seq: Generated<number> };
  conversations: ConversationsTable & { change_seq: Generated<number> };
};
import { messageFromRow, type RawMessage } from './message-columns.ts';
import { reindexMessage } from './search-index.ts';

/**
 * A conversation's messages changed after `after`, in change order (ACT9). The literal `change_seq > 0` is the
 * predicate of the partial index messages_changes (migration 0020); a bound value alone would not show the planner
 * that the index holds every row asked for.
 */
export function changedSinceQuery(database: Kysely<Database>, conversationID: string, after: number, limit: number) {
  return (database as unknown as Kysely<ActionsDatabase>)
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationID)
    .where('change_seq', '>', after)
    .where(sql<boolean>`change_seq > 0`)
    .orderBy('change_seq')
    .limit(limit);
}

export function actionsRepo(database: Kysely<Database>, pg = false): ActionsRepo {
  const db = database as unknown as Kysely<ActionsDatabase>;
  return {
    async nextChange(conversationID) {
      const row = await db
        .updateTable('conversations')
        .set({ change_seq: sql`change_seq + 1` })
        .where('id', '=', conversationID)
        .returning('change_seq')
        .executeTakeFirst();
      if (!row) throw new Error(`conversation ${conversationID} vanished`);
      return Number(row.change_seq);
    },
    async changeSeq(conversationID) {
      const row = await db
        .selectFrom('conversations')
        .select('change_seq')
        .where('id', '=', conversationID)
        .executeTakeFirst();
      return Number(row?.change_seq ?? 0);
    },
    async update(conversationID, seq, expectVersion, c) {
      const set: Record<string, unknown> = { wire: c.wire, change_seq: c.changeSeq };
      if (c.payload !== undefined) set.payload = c.payload;
      if (c.cloudCustomData !== undefined) set.cloud_custom_data = c.cloudCustomData;
      if (c.isRevoked !== undefined) set.is_revoked = c.isRevoked ? 1 : 0;
      if (c.revoker !== undefined) set.revoker = c.revoker;
      if (c.isModified !== undefined) set.is_modified = c.isModified ? 1 : 0;
      if (c.modifyVersion !== undefined) set.modify_version = c.modifyVersion;
      if (c.editedAt !== undefined) set.edited_at = c.editedAt;
      const res = await db
        .updateTable('messages')
        .set(set)
        .where('conversation_id', '=', conversationID)
        .where('seq', '=', seq)
        .where('modify_version', '=', expectVersion)
        .executeTakeFirst();
      const updated = Number(res.numUpdatedRows) === 1;
      // The index follows the new text, or loses a recalled message's (SRCH14), in the same transaction.
      if (updated && (c.payload !== undefined || c.isRevoked !== undefined)) {
        await reindexMessage(database as Kysely<unknown>, pg, conversationID, seq);
      }
      return updated;
    },
    async stamp(conversationID, seq, changeSeq) {
      await db
        .updateTable('messages')
        .set({ change_seq: changeSeq })
        .where('conversation_id', '=', conversationID)
        .where('seq', '=', seq)
        .execute();
    },
    async changedSince(conversationID, after, limit) {
      const rows = await changedSinceQuery(database, conversationID, after, limit).execute();
      return rows.map((r) => ({
        ...(messageFromRow(r as unknown as RawMessage).message as MessageRow),
        changeSeq: Number(r.change_seq),
      }));
    },
    async hide(userID, conversationID, seqs, changeSeq) {
      if (seqs.length === 0) return;
      await db
        .insertInto('message_hidden')
        .values(seqs.map((seq) => ({ user_id: userID, conversation_id: conversationID, seq, change_seq: changeSeq })))
        .onConflict((oc) => oc.columns(['user_id', 'conversation_id', 'seq']).doNothing())
        .execute();
    },
    async hiddenAmong(userID, conversationID, seqs) {
      if (seqs.length === 0) return new Set();
      const rows = await db
        .selectFrom('message_hidden')
        .select('seq')
        .where('user_id', '=', userID)
        .where('conversation_id', '=', conversationID)
        .where('seq', 'in', [...seqs])
        .execute();
      return new Set(rows.map((r) => Number(r.seq)));
    },
    async newestNotHidden(userID, conversationID, atOrBelow, above) {
      const row = await db
        .selectFrom('messages as m')
        .select('m.seq')
        .where('m.conversation_id', '=', conversationID)
        .where('m.seq', '<=', atOrBelow)
        .where('m.seq', '>', above)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('message_hidden as h')
                .select('h.seq')
                .whereRef('h.conversation_id', '=', 'm.conversation_id')
                .whereRef('h.seq', '=', 'm.seq')
                .where('h.user_id', '=', userID),
            ),
          ),
        )
        .orderBy('m.seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? Number(row.seq) : undefined;
    },
    async hiddenIDsAmong(userID, conversationID, ids) {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('message_hidden as h')
        .innerJoin('messages as m', (j) =>
          j.onRef('m.conversation_id', '=', 'h.conversation_id').onRef('m.seq', '=', 'h.seq'),
        )
        .select('m.id')
        .where('h.user_id', '=', userID)
        .where('h.conversation_id', '=', conversationID)
        .where('m.id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },
    async hiddenSince(userID, conversationID, after) {
      const rows = await db
        .selectFrom('message_hidden as h')
        .innerJoin('messages as m', (j) =>
          j.onRef('m.conversation_id', '=', 'h.conversation_id').onRef('m.seq', '=', 'h.seq'),
        )
        .select(['m.id', 'h.change_seq'])
        .where('h.user_id', '=', userID)
        .where('h.conversation_id', '=', conversationID)
        .where('h.change_seq', '>', after)
        .orderBy('h.change_seq')
        .execute();
      return rows.map((r) => ({ id: r.id, changeSeq: Number(r.change_seq) }));
    },
    async addReaction(conversationID, seq, reactionID, userID, now) {
      const res = await db
        .insertInto('message_reactions')
        .values({ conversation_id: conversationID, seq, reaction_id: reactionID, user_id: userID, created_at: now })
        .onConflict((oc) => oc.columns(['conversation_id', 'seq', 'reaction_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async removeReaction(conversationID, seq, reactionID, userID) {
      const res = await db
        .deleteFrom('message_reactions')
        .where('conversation_id', '=', conversationID)
        .where('seq', '=', seq)
        .where('reaction_id', '=', reactionID)
        .where('user_id', '=', userID)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
    async reactionIDs(conversationID, seq) {
      const rows = await db
        .selectFrom('message_reactions')
        .select('reaction_id')
        .distinct()
        .where('conversation_id', '=', conversationID)
        .where('seq', '=', seq)
        .execute();
      return rows.map((r) => r.reaction_id);
    },
    async reactions(conversationID, seqs) {
      if (seqs.length === 0) return [];
      const rows = await db
        .selectFrom('message_reactions')
        .selectAll()
        .where('conversation_id', '=', conversationID)
        .where('seq', 'in', [...seqs])
        .orderBy('created_at')
        .orderBy('user_id')
        .execute();
      return rows.map((r) => ({
        seq: Number(r.seq),
        reactionID: r.reaction_id,
        userID: r.user_id,
        createdAt: Number(r.created_at),
      }));
    },
    async reactionUsers(conversationID, seq, reactionID, offset, limit) {
      const rows = await db
        .selectFrom('message_reactions')
        .select('user_id')
        .where('conversation_id', '=', conversationID)
        .where('seq', '=', seq)
        .where('reaction_id', '=', reactionID)
        .orderBy('created_at')
        .orderBy('user_id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((r) => r.user_id);
    },
    async addReceipts(conversationID, seqs, reader, now) {
      if (seqs.length === 0) return [];
      const rows = await db
        .insertInto('message_receipts')
        .values(seqs.map((seq) => ({ conversation_id: conversationID, seq, reader, read_at: now })))
        .onConflict((oc) => oc.columns(['conversation_id', 'seq', 'reader']).doNothing())
        .returning('seq')
        .execute();
      return rows.map((r) => Number(r.seq));
    },
    async receipts(conversationID, seqs) {
      if (seqs.length === 0) return [];
      const rows = await db
        .selectFrom('message_receipts')
        .selectAll()
        .where('conversation_id', '=', conversationID)
        .where('seq', 'in', [...seqs])
        .execute();
      return rows.map((r) => ({ seq: Number(r.seq), reader: r.reader, readAt: Number(r.read_at) }));
    },
    async putMerger(row) {
      await db
        .insertInto('merger_records')
        .values({
          download_key: row.downloadKey,
          owner: row.owner,
          content: row.content,
          depth: row.depth,
          created_at: row.createdAt,
        })
        .execute();
    },
    async getMerger(downloadKey) {
      const r = await db
        .selectFrom('merger_records')
        .selectAll()
        .where('download_key', '=', downloadKey)
        .executeTakeFirst();
      if (!r) return undefined;
      return {
        downloadKey: r.download_key,
        owner: r.owner,
        content: r.content,
        depth: Number(r.depth),
        createdAt: Number(r.created_at),
      };
    },
  };
}
