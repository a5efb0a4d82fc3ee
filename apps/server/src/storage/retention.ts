import { type Kysely, sql } from 'kysely';
import type { Storage } from '../domain/ports.ts';
import type { RetentionStep, RetentionStore } from '../domain/retention/ports.ts';
import { fileIDsIn } from '../domain/uploads/references.ts';
import type { Database } from './schema.ts';

interface GroupPinsTable {
  group_id: string;
  seq: number;
}

/** The groups' retention column (migration 0031) beside the tables a purged message takes with it (RET5). */
type RetentionDatabase = Omit<Database, 'groups'> & {
  groups: Database['groups'] & { retention_days: number | null };
  group_pins: GroupPinsTable;
};

const DAY_SECONDS = 86_400;
const GROUP_PREFIX = 'group:';
/** Conversations looked at per step: one indexed read each when nothing in them is old enough. */
const CONVERSATIONS_PER_STEP = 200;

/** The retention store of a storage opened by `openStorage`; undefined for other Storage implementations. */
export function retentionFor(storage: Storage): RetentionStore | undefined {
  const s = storage as Partial<{ db: Kysely<Database>; kind: string }>;
  if (!s.db || (s.kind !== 'sqlite' && s.kind !== 'postgres')) return undefined;
  return createRetentionStore(s.db as unknown as Kysely<RetentionDatabase>);
}

function createRetentionStore(db: Kysely<RetentionDatabase>): RetentionStore {
  // Where the next step starts: after `cursor`, or at it when its old messages were not all deleted (RET4).
  let cursor = '';
  let atCursor = false;
  const overrides = async (ids: string[]) => {
    const groupIDs = ids.filter((id) => id.startsWith(GROUP_PREFIX)).map((id) => id.slice(GROUP_PREFIX.length));
    if (groupIDs.length === 0) return new Map<string, number>();
    const rows = await db
      .selectFrom('groups')
      .select(['group_id', 'retention_days'])
      .where('group_id', 'in', groupIDs)
      .where('retention_days', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [`${GROUP_PREFIX}${r.group_id}`, Number(r.retention_days)]));
  };
  const conversationsAfter = async (after: string, at: boolean) =>
    (
      await db
        .selectFrom('conversations')
        .select('id')
        .where('id', at ? '>=' : '>', after)
        .orderBy('id')
        .limit(CONVERSATIONS_PER_STEP)
        .execute()
    ).map((r) => r.id);
  // Without a default only groups with days of their own purge: the walk reads those, not every conversation.
  const overriddenAfter = async (after: string, at: boolean) =>
    (
      await db
        .selectFrom('groups')
        .select('group_id')
        .where('retention_days', '>', 0)
        .where('group_id', at ? '>=' : '>', after.startsWith(GROUP_PREFIX) ? after.slice(GROUP_PREFIX.length) : '')
        .orderBy('group_id')
        .limit(CONVERSATIONS_PER_STEP)
        .execute()
    ).map((r) => `${GROUP_PREFIX}${r.group_id}`);
  return {
    async step(nowSeconds, defaultDays, maxRows) {
      const out: RetentionStep = { purged: 0, visited: [], fileIDs: [], sweptAll: false };
      const ids =
        defaultDays > 0 ? await conversationsAfter(cursor, atCursor) : await overriddenAfter(cursor, atCursor);
      const own = await overrides(ids);
      for (const id of ids) {
        const days = own.get(id) ?? defaultDays;
        if (days <= 0) continue; // RET1, RET3: 0 keeps forever
        const budget = maxRows - out.purged;
        const done = await purgeConversation(db, id, nowSeconds - days * DAY_SECONDS, budget, out);
        if (!done) {
          cursor = id;
          atCursor = true;
          return out;
        }
      }
      out.sweptAll = ids.length < CONVERSATIONS_PER_STEP;
      cursor = out.sweptAll ? '' : (ids.at(-1) ?? '');
      atCursor = false;
      return out;
    },
    async fileNamed(fileID) {
      const pattern = `%/files/${fileID}%`;
      const hit = await db
        .selectFrom('messages')
        .select('seq')
        .where((eb) => eb.or([eb('payload', 'like', pattern), eb('cloud_custom_data', 'like', pattern)]))
        .limit(1)
        .executeTakeFirst();
      return hit !== undefined;
    },
    async groupDays(groupID) {
      const r = await db
        .selectFrom('groups')
        .select('retention_days')
        .where('group_id', '=', groupID)
        .executeTakeFirst();
      if (!r) return undefined;
      return r.retention_days === null ? null : Number(r.retention_days);
    },
    async setGroupDays(groupID, days) {
      const r = await db
        .updateTable('groups')
        .set({ retention_days: days })
        .where('group_id', '=', groupID)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}

/**
 * Deletes the oldest messages of one conversation sent before `before` (seconds), at most `budget`, in one
 * transaction with the rows tied to them (RET4, RET5). Walks by sequence from the lowest stored one (the primary
 * key), so a conversation with nothing old costs one indexed read. Returns false when old messages are left.
 */
async function purgeConversation(
  db: Kysely<RetentionDatabase>,
  id: string,
  before: number,
  budget: number,
  out: RetentionStep,
): Promise<boolean> {
  const oldest = await db
    .selectFrom('messages')
    .select(['seq', 'time'])
    .where('conversation_id', '=', id)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  if (!oldest || Number(oldest.time) >= before) {
    out.visited.push({ conversationID: id, lowestSeq: oldest ? Number(oldest.seq) : 0 });
    return true;
  }
  if (budget <= 0) return false;
  const rows = await db
    .selectFrom('messages')
    .select(['seq', 'time', 'payload', 'cloud_custom_data'])
    .where('conversation_id', '=', id)
    .orderBy('seq')
    .limit(budget + 1)
    .execute();
  // Time follows sequence within a conversation (SEQ2: both assigned at commit): the old ones are a prefix.
  let n = 0;
  while (n < Math.min(rows.length, budget) && Number(rows[n]?.time) < before) n += 1;
  const gone = rows.slice(0, n);
  const low = Number(gone[0]?.seq);
  const high = Number(gone.at(-1)?.seq);
  await db.transaction().execute(async (tx) => {
    // The conversation row first, as the send path and the actions take it (PostgreSQL: one lock order, no deadlock).
    await tx
      .updateTable('conversations')
      .set({ purged_seq: sql<number>`case when purged_seq < ${high} then ${high} else purged_seq end` })
      .where('id', '=', id)
      .execute();
    // Rows keyed by a message's conversation and sequence (RET5).
    for (const table of ['message_reactions', 'message_receipts', 'message_hidden'] as const) {
      await tx
        .deleteFrom(table)
        .where('conversation_id', '=', id)
        .where('seq', '>=', low)
        .where('seq', '<=', high)
        .execute();
    }
    if (id.startsWith(GROUP_PREFIX)) {
      const groupID = id.slice(GROUP_PREFIX.length);
      await tx
        .deleteFrom('group_pins')
        .where('group_id', '=', groupID)
        .where('seq', '>=', low)
        .where('seq', '<=', high)
        .execute();
    }
    // The search entry goes with its row: a trigger on SQLite, a column of the row on PostgreSQL (SRCH15).
    await tx
      .deleteFrom('messages')
      .where('conversation_id', '=', id)
      .where('seq', '>=', low)
      .where('seq', '<=', high)
      .execute();
  });
  out.purged += gone.length;
  for (const r of gone) out.fileIDs.push(...fileIDsIn(r.payload), ...fileIDsIn(r.cloud_custom_data));
  const next = rows[gone.length];
  const left = next !== undefined && Number(next.time) < before;
  out.visited.push({ conversationID: id, lowestSeq: next ? Number(next.seq) : 0 });
  return !left;
}
