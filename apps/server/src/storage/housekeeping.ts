import { type Kysely, sql } from 'kysely';
import type { Storage } from '../domain/ports.ts';
import type { Database } from './schema.ts';

/**
 * Disk housekeeping (rules DSK1–DSK5), run on a timer off the request path, a bounded amount of work per run so
 * the event loop (better-sqlite3 is synchronous) is never held long:
 *
 * 1. Purge: messages every member has cleared (deleted the conversation: `cleared_seq`) are visible to nobody; once
 *    older than `purgeAfterSeconds` (a client's retry of such an old message ID is no longer plausible, M1) they
 *    are deleted. A cursor walks the conversations, `conversationsPerRun` at a time, `rowsPerConversation` each.
 * 2. SQLite: the freed pages go back to the file system (`auto_vacuum = INCREMENTAL`, `incremental_vacuum(N)`),
 *    and the WAL is checkpointed and truncated (`wal_checkpoint(TRUNCATE)`). PostgreSQL: autovacuum makes the
 *    deleted rows' space reusable (rule DSK4); nothing to do here.
 */

/** Attempts at `wal_checkpoint(TRUNCATE)` while the checkpoint thread's own checkpoint holds the lock. */
const TRUNCATE_ATTEMPTS = 40;
const TRUNCATE_RETRY_MS = 25;

/**
 * Copies the whole WAL into the database and truncates it (DSK3). The checkpoint thread (SP5) runs a PASSIVE
 * checkpoint every 100 ms, and a checkpoint that finds another one running gives up at once (busy = 1 in its
 * answer, the WAL left as it was): so it is tried again, briefly, until it went through.
 */
export async function truncateWal(db: Kysely<Database>): Promise<void> {
  for (let attempt = 1; attempt <= TRUNCATE_ATTEMPTS; attempt += 1) {
    const r = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    if (Number(r.rows[0]?.busy ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, TRUNCATE_RETRY_MS));
  }
}
export interface HousekeepingOptions {
  purgeAfterSeconds: number;
  conversationsPerRun: number;
  rowsPerConversation: number;
  /** SQLite pages (4 KB) handed back per run. */
  vacuumPages: number;
}

export const DEFAULT_HOUSEKEEPING: HousekeepingOptions = {
  purgeAfterSeconds: 86_400,
  conversationsPerRun: 500,
  rowsPerConversation: 5_000,
  vacuumPages: 4_096,
};

export interface HousekeepingRun {
  /** Messages deleted by this run. */
  purged: number;
  /** True when the cursor went round every conversation since the run before (a full sweep ended). */
  sweptAll: boolean;
  /** SQLite: pages still free in the file after this run; 0 on PostgreSQL. */
  freePages: number;
}

export interface Housekeeper {
  run(nowSeconds: number): Promise<HousekeepingRun>;
  /** SQLite databases created before auto_vacuum: true when this run converted the file (one VACUUM). */
  convert(maxBytes: number): Promise<boolean>;
}

type Kind = 'sqlite' | 'postgres';

/** The housekeeper of a storage opened by `openStorage`; undefined for other Storage implementations. */
export function housekeeperFor(storage: Storage, options: Partial<HousekeepingOptions> = {}): Housekeeper | undefined {
  const s = storage as Partial<{ db: Kysely<Database>; kind: Kind }>;
  if (!s.db || (s.kind !== 'sqlite' && s.kind !== 'postgres')) return undefined;
  return createHousekeeper(s.db, s.kind, { ...DEFAULT_HOUSEKEEPING, ...options });
}

function createHousekeeper(db: Kysely<Database>, kind: Kind, o: HousekeepingOptions): Housekeeper {
  // Where the next run starts: after `cursor`, or at it when that conversation still has cleared rows left.
  let cursor = '';
  let atCursor = false;
  const purge = async (nowSeconds: number): Promise<{ purged: number; sweptAll: boolean }> => {
    const rows = await db
      .selectFrom('conversations as c')
      .select((eb) => [
        'c.id',
        eb
          .selectFrom('conversation_members as m')
          .select((e) => e.fn.min('m.cleared_seq').as('floor'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .as('floor'),
      ])
      .where('c.id', atCursor ? '>=' : '>', cursor)
      .orderBy('c.id')
      .limit(o.conversationsPerRun)
      .execute();
    let purged = 0;
    for (const r of rows) {
      const n = await purgeConversation(db, r.id, Number(r.floor ?? 0), nowSeconds - o.purgeAfterSeconds, o);
      purged += n;
      // A long cleared history: come back to this conversation first, the next run (the work per run is bounded).
      if (n >= o.rowsPerConversation) {
        cursor = r.id;
        atCursor = true;
        return { purged, sweptAll: false };
      }
    }
    const sweptAll = rows.length < o.conversationsPerRun;
    cursor = sweptAll ? '' : (rows.at(-1)?.id ?? '');
    atCursor = false;
    return { purged, sweptAll };
  };
  return {
    async run(nowSeconds) {
      const { purged, sweptAll } = await purge(nowSeconds);
      if (kind === 'postgres') return { purged, sweptAll, freePages: 0 };
      const freePages = await vacuumSome(db, o.vacuumPages);
      await truncateWal(db);
      return { purged, sweptAll, freePages };
    },
    async convert(maxBytes) {
      if (kind !== 'sqlite') return false;
      const mode = await sql<{ auto_vacuum: number }>`PRAGMA auto_vacuum`.execute(db);
      if (Number(mode.rows[0]?.auto_vacuum) === 2) return false;
      const size = await sql<{
        n: number;
      }>`SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()`.execute(db);
      if (Number(size.rows[0]?.n ?? 0) > maxBytes) return false;
      await sql`PRAGMA auto_vacuum = INCREMENTAL`.execute(db);
      await sql`VACUUM`.execute(db);
      return true;
    },
  };
}

/** Deletes up to `rowsPerConversation` of the oldest messages that every member cleared and that are old enough. */
async function purgeConversation(
  db: Kysely<Database>,
  conversationID: string,
  floor: number,
  before: number,
  o: HousekeepingOptions,
): Promise<number> {
  if (floor <= 0) return 0;
  const lowest = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.min('seq').as('seq'))
    .where('conversation_id', '=', conversationID)
    .executeTakeFirst();
  const low = lowest?.seq === null || lowest?.seq === undefined ? undefined : Number(lowest.seq);
  if (low === undefined || low > floor) return 0;
  const result = await db
    .deleteFrom('messages')
    .where('conversation_id', '=', conversationID)
    .where('seq', '>=', low)
    .where('seq', '<=', Math.min(floor, low + o.rowsPerConversation - 1))
    .where('time', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const freeList = async (db: Kysely<Database>) =>
  Number((await sql<{ freelist_count: number }>`PRAGMA freelist_count`.execute(db)).rows[0]?.freelist_count ?? 0);

/**
 * Hands up to `pages` free pages back to the file system; returns how many are left. better-sqlite3 steps a
 * statement that returns no rows once, and one step of `incremental_vacuum` frees one page: hence the loop.
 */
async function vacuumSome(db: Kysely<Database>, pages: number): Promise<number> {
  let free = await freeList(db);
  for (let done = 0; free > 0 && done < pages; done += 1) {
    await sql`PRAGMA incremental_vacuum(1)`.execute(db);
    free -= 1;
  }
  return freeList(db);
}
