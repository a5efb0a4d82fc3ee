import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Repos, Storage } from '../domain/ports.ts';
import { MIGRATION_COUNT, appliedMigrations, migrateToLatest } from './migrations.ts';
import { accountsRepo } from './repos/accounts.ts';
import { conversationsRepo } from './repos/conversations.ts';
import { messagesRepo } from './repos/messages.ts';
import { profilesRepo } from './repos/profiles.ts';
import { sessionsRepo } from './repos/sessions.ts';
import type { Database } from './schema.ts';

export type StorageOptions =
  | { kind: 'sqlite'; file: string }
  | {
      kind: 'postgres';
      url: string /** Isolates a test run; created if absent. */;
      schema?: string;
      poolSize?: number;
    };

const INT8_OID = 20;

function repos(db: Kysely<Database>, pgLocks: boolean): Repos {
  return {
    accounts: accountsRepo(db),
    profiles: profilesRepo(db),
    sessions: sessionsRepo(db),
    conversations: conversationsRepo(db, pgLocks),
    messages: messagesRepo(db, pgLocks),
  };
}

class KyselyStorage implements Storage {
  readonly accounts;
  readonly profiles;
  readonly sessions;
  readonly conversations;
  readonly messages;
  constructor(
    readonly db: Kysely<Database>,
    readonly kind: 'sqlite' | 'postgres',
    private readonly migrationSchema: string | undefined,
  ) {
    const r = repos(db, kind === 'postgres');
    this.accounts = r.accounts;
    this.profiles = r.profiles;
    this.sessions = r.sessions;
    this.conversations = r.conversations;
    this.messages = r.messages;
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

function sqliteDb(file: string): Kysely<Database> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  // WAL + NORMAL survives a killed process (the WAL is in the OS cache); only power loss can drop the tail.
  database.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(database) }) });
}

async function postgresDb(url: string, schema: string | undefined, poolSize: number): Promise<Kysely<Database>> {
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
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the database and applies every pending migration. */
export async function openStorage(options: StorageOptions): Promise<Storage & { db: Kysely<Database> }> {
  const db =
    options.kind === 'sqlite'
      ? sqliteDb(options.file)
      : await postgresDb(options.url, options.schema, options.poolSize ?? 10);
  const schema = options.kind === 'postgres' ? options.schema : undefined;
  try {
    await migrateToLatest(db as Kysely<unknown>, schema);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return new KyselyStorage(db, options.kind, schema);
}
