import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type KyselyConfig, PostgresDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { SendStore, WirePages } from '../domain/messages/send-port.ts';
import type { Repos, Storage } from '../domain/ports.ts';
import { MIGRATION_COUNT, appliedMigrations, migrateToLatest } from './migrations.ts';
import { accountsRepo } from './repos/accounts.ts';
import { conversationsRepo } from './repos/conversations.ts';
import { actionsRepo } from './repos/actions.ts';
import { groupsRepo } from './repos/groups.ts';
// Contacts (decision 0017)
import { contactsRepo } from './repos/contacts.ts';
import { pinsRepo } from './repos/pins.ts';
import { callsRepo } from './repos/calls.ts';
import { messagesRepo } from './repos/messages.ts';
import { portalRepo } from './repos/portal.ts';
import { profilesRepo } from './repos/profiles.ts';
// Message search (decision 0040)
import { searchRepo } from './repos/search.ts';
// Edited messages (decision 0046)
import { editsRepo } from './repos/edits.ts';
// Demo mode's tasks (decision 0054)
import { demoTasksRepo } from './repos/demo-tasks.ts';
import { sessionsRepo } from './repos/sessions.ts';
import { postgresSendStore } from './repos/send-postgres.ts';
import { sqliteSendStore } from './repos/send-sqlite.ts';
import { LaneSqliteDialect, SqliteLane } from './sqlite-lane.ts';
import { type Checkpointer, startCheckpointer } from './wal-checkpointer.ts';
import type { Database } from './schema.ts';

/** Told of every query Kysely runs: its duration in seconds, and whether it failed (MET10, MET11). */
export type QueryObserver = (seconds: number, failed: boolean) => void;

export type StorageOptions = (
  | { kind: 'sqlite'; file: string }
  | {
      kind: 'postgres';
      url: string /** Isolates a test run; created if absent. */;
      schema?: string;
      poolSize?: number;
    }
) & { onQuery?: QueryObserver };

type PoolUse = ReturnType<NonNullable<Storage['poolUse']>>;

/** Kysely's log hook when the caller observes queries; none at all (no timing cost) when it does not. */
function queryLog(onQuery: QueryObserver | undefined): Pick<KyselyConfig, 'log'> {
  if (!onQuery) return {};
  return { log: (event) => onQuery(event.queryDurationMillis / 1000, event.level === 'error') };
}

const INT8_OID = 20;

function repos(db: Kysely<Database>, pgLocks: boolean): Repos {
  return {
    accounts: accountsRepo(db),
    profiles: profilesRepo(db),
    sessions: sessionsRepo(db),
    conversations: conversationsRepo(db, pgLocks),
    messages: messagesRepo(db, pgLocks),
    portal: portalRepo(db),
    groups: groupsRepo(db, pgLocks),
    actions: actionsRepo(db, pgLocks),
    contacts: contactsRepo(db),
    pins: pinsRepo(db),
    calls: callsRepo(db, pgLocks),
    search: searchRepo(db as Kysely<unknown>, pgLocks),
    edits: editsRepo(db),
    demoTasks: demoTasksRepo(db),
  };
}

class KyselyStorage implements Storage {
  readonly sends: SendStore & WirePages;
  readonly accounts;
  readonly profiles;
  readonly sessions;
  readonly conversations;
  readonly messages;
  readonly portal;
  readonly groups;
  readonly actions;
  readonly contacts;
  readonly pins;
  readonly calls;
  readonly search;
  readonly edits;
  readonly demoTasks;
  constructor(
    readonly db: Kysely<Database>,
    readonly kind: 'sqlite' | 'postgres',
    private readonly migrationSchema: string | undefined,
    sends: (db: Kysely<Database>) => SendStore & WirePages,
    private readonly onClose: () => Promise<void>,
    readonly poolUse: () => PoolUse,
  ) {
    this.sends = sends(db);
    const r = repos(db, kind === 'postgres');
    this.accounts = r.accounts;
    this.profiles = r.profiles;
    this.sessions = r.sessions;
    this.conversations = r.conversations;
    this.messages = r.messages;
    this.portal = r.portal;
    this.groups = r.groups;
    this.actions = r.actions;
    this.contacts = r.contacts;
    this.pins = r.pins;
    this.calls = r.calls;
    this.search = r.search;
    this.edits = r.edits;
    this.demoTasks = r.demoTasks;
  }
  transaction<T>(fn: (tx: Repos) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(repos(trx, this.kind === 'postgres')));
  }
  async ready(): Promise<boolean> {
    try {
      return (await appliedMigrations(this.db as Kysely<unknown>, this.migrationSchema)) === MIGRATION_COUNT;
    } catch {
      return false;
    }
  }
  async close(): Promise<void> {
    await this.onClose();
    await this.db.destroy();
  }
}

const STATEMENT_CACHE_LIMIT = 1000;

/**
 * Kysely prepares every query again; better-sqlite3 statements are reusable, and preparing was about a fifth
 * of the server's CPU on the send path. Queries are cached by their SQL text (Kysely's SQL for one call site
 * is stable; only `in (…)` lists vary, hence the cap).
 */
function cachingStatements(database: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (cache.size < STATEMENT_CACHE_LIMIT) cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The database holds password hashes and every message: only the server's user may read it (rule HDR6). */
function restrictFiles(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
}

interface SqliteHandles {
  db: Kysely<Database>;
  raw: BetterSqlite3.Database;
  /** The one connection's queue, shared by Kysely and the send path's prepared statements. */
  lane: SqliteLane;
  checkpointer: Checkpointer | undefined;
}

function sqliteDb(file: string, onQuery: QueryObserver | undefined): SqliteHandles {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const database = new BetterSqlite3(file);
  // Before the first table: freed pages can then go back to the file system (storage/housekeeping.ts, DSK2).
  database.pragma('auto_vacuum = INCREMENTAL');
  database.pragma('journal_mode = WAL');
  if (file !== ':memory:') {
    // The WAL and shared-memory files exist once the first statement ran; SQLite gives them the database's mode.
    database.prepare('select 1').get();
    restrictFiles(file);
  }
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  // WAL + NORMAL survives a killed process (the WAL is in the OS cache); only power loss can drop the tail.
  database.pragma('synchronous = NORMAL');
  // Checkpoints leave the commit path (decision 0021): SQLite ran them inside the commit that crossed 1,000 pages,
  // on the event loop, and that commit's callers waited for a copy and an fsync of the database file. A thread of
  // its own checkpoints instead (storage/wal-checkpointer.ts).
  // A restart turn (SP12) holds the lane: writers wait while the checkpoint thread copies the last frames without
  // blocking the event loop (on this connection instead when the thread gets no CPU); the commit after it starts
  // the WAL again.
  const lane = new SqliteLane();
  const hold = {
    lock: () => lane.lock(),
    unlock: () => lane.unlock(),
    // PASSIVE never waits: `busy` while the thread's own checkpoint runs, and then the turn asks the thread.
    checkpoint: () => {
      const [r] = database.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
      return r !== undefined && r.busy === 0 && r.log === r.checkpointed;
    },
  };
  const checkpointer = file === ':memory:' ? undefined : startCheckpointer(file, { hold });
  if (checkpointer) {
    database.pragma('wal_autocheckpoint = 0');
    lane.onRelease = checkpointer.look;
  }
  const db = new Kysely<Database>({
    dialect: new LaneSqliteDialect({ database: cachingStatements(database) }, lane),
    ...queryLog(onQuery),
  });
  return { db, raw: database, lane, checkpointer };
}

async function postgresDb(
  url: string,
  schema: string | undefined,
  poolSize: number,
  onQuery: QueryObserver | undefined,
): Promise<{ db: Kysely<Database>; pool: pg.Pool; writes: pg.Pool }> {
  if (schema !== undefined) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await client.end();
    }
  }
  const searchPath = schema === undefined ? [] : [`-c search_path=${schema}`];
  const open = (max: number, settings: string[]) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      ...(settings.length === 0 ? {} : { options: settings.join(' ') }),
      // BIGINT columns hold seconds and sequences, all far below 2^53: read them as numbers.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next query.
    });
    return pool;
  };
  const pool = open(poolSize, searchPath);
  // The send path's own connections (SP7): its statements are prepared once per connection and planned once, as
  // generic plans; PostgreSQL would otherwise plan each call again (custom plans), about 0.4 ms of a 1 ms batch.
  // One batch is written at a time (SendWriter), so two connections are enough; pg opens them on first use.
  const writes = open(2, [...searchPath, '-c plan_cache_mode=force_generic_plan']);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...queryLog(onQuery) });
  return { db, pool, writes };
}

/** Runs `fn` holding Kysely's one SQLite connection, so it never runs inside another caller's transaction. */
/** Opens the database and applies every pending migration. */
export async function openStorage(options: StorageOptions): Promise<Storage & { db: Kysely<Database> }> {
  if (options.kind === 'sqlite') {
    const { db, raw, lane, checkpointer } = sqliteDb(options.file, options.onQuery);
    await migrated(db, undefined, async () => checkpointer?.stop());
    return new KyselyStorage(
      db,
      'sqlite',
      undefined,
      // Never inside another caller's transaction: the send path queues on the connection as Kysely does.
      () => sqliteSendStore(raw, (fn) => lane.run(fn)),
      async () => checkpointer?.stop(),
      () => ({ size: 1, idle: lane.busy ? 0 : 1, waiting: lane.waiting }),
    );
  }
  const { db, pool, writes } = await postgresDb(options.url, options.schema, options.poolSize ?? 10, options.onQuery);
  // close() may be called more than once (the app, then its owner); a pool may be ended only once.
  const endWrites = async () => (writes.ended ? undefined : writes.end());
  await migrated(db, options.schema, endWrites);
  const poolUse = () => ({
    size: pool.totalCount + writes.totalCount,
    idle: pool.idleCount + writes.idleCount,
    waiting: pool.waitingCount + writes.waitingCount,
  });
  return new KyselyStorage(
    db,
    'postgres',
    options.schema,
    () => postgresSendStore(pool, { writes }),
    endWrites,
    poolUse,
  );
}

async function migrated(db: Kysely<Database>, schema: string | undefined, stop: () => Promise<void>): Promise<void> {
  try {
    await migrateToLatest(db as Kysely<unknown>, schema);
  } catch (err) {
    await stop();
    await db.destroy();
    throw err;
  }
}
