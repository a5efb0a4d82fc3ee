import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { Storage } from '../../src/domain/ports.ts';
import { openStorage } from '../../src/storage/open-storage.ts';

/** A fresh SQLite file in its own temp dir, removed on close. */
export async function freshSqlite(): Promise<{ storage: Storage; close: () => Promise<void>; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-sqlite-'));
  const storage = await openStorage({ kind: 'sqlite', file: join(dir, 'parley.db') });
  return {
    storage,
    dir,
    close: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Each run gets a schema of its own (decision 0003), dropped on close, so runs never collide. */
export function freshSchemaName(): string {
  return `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/**
 * Test runs open and drop schemas in one PostgreSQL database at once. Kysely's migrator lists every table of every
 * schema (`has_schema_privilege` per schema), and PostgreSQL fails that query with "schema … does not exist" when
 * another run drops its schema during the scan. Migrating and dropping take turns under one advisory lock.
 */
const SCHEMA_CHANGE_LOCK = 7_340_021;

async function withSchemaChangeLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}

/** Runs a migration step of a test under the lock when the store is PostgreSQL (`url` given). */
export function migrating<T>(url: string | undefined, work: () => Promise<T>): Promise<T> {
  return url ? withSchemaChangeLock(url, work) : work();
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const pooled = idleSchemas.indexOf(schema);
  if (pooled >= 0) idleSchemas.splice(pooled, 1);
  await withSchemaChangeLock(url, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await client.end();
    }
  });
}

/**
 * Migrated schemas this test file has closed, kept for its next `freshPostgres` (decision 0003 addendum): a fresh
 * schema costs every migration (1–3 s on a loaded CI machine, for each of hundreds of PostgreSQL tests), emptying one
 * with DELETE costs one statement a table. Emptied, a schema is what a fresh migration leaves: the migrations
 * insert no rows and the schema has no sequences. The file's last hook drops them all.
 */
const idleSchemas: string[] = [];
let idleUrl: string | undefined;
afterAll(async () => {
  const url = idleUrl;
  if (url) for (const schema of [...idleSchemas]) await dropSchema(url, schema);
});

/** Empties every table of `schema` but Kysely's migration bookkeeping; false when the schema is gone. */
async function emptied(url: string, schema: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables
        WHERE schemaname = $1 AND tablename NOT LIKE 'kysely_migration%'`,
      [schema],
    );
    if (rows.length === 0) return false;
    // DELETE, not TRUNCATE: on tables of a few rows it is one cheap statement each, where TRUNCATE makes new files
    // for every table and index. Foreign keys are not checked meanwhile (every table is emptied); the schema has no
    // sequences (IDs come from the application), so nothing else needs resetting.
    await client.query(
      `SET session_replication_role = replica; ${rows.map((r) => `DELETE FROM ${schema}.${r.name};`).join(' ')}`,
    );
    return true;
  } finally {
    await client.end();
  }
}

/** A migrated, empty schema of its own: one this file closed before, emptied, or a new one. */
export async function freshPostgres(
  url: string,
): Promise<{ storage: Storage; close: () => Promise<void>; schema: string }> {
  let schema = idleSchemas.pop();
  if (schema !== undefined && !(await emptied(url, schema))) schema = undefined;
  schema ??= freshSchemaName();
  const name = schema;
  const storage = await withSchemaChangeLock(url, () =>
    openStorage({ kind: 'postgres', url, schema: name, poolSize: 8 }),
  );
  let closed = false;
  return {
    storage,
    schema,
    close: async () => {
      if (closed) return;
      closed = true;
      await storage.close();
      idleUrl = url;
      idleSchemas.push(name);
    },
  };
}
