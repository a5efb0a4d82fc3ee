import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
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

export async function freshPostgres(
  url: string,
): Promise<{ storage: Storage; close: () => Promise<void>; schema: string }> {
  const schema = freshSchemaName();
  const storage = await withSchemaChangeLock(url, () => openStorage({ kind: 'postgres', url, schema, poolSize: 8 }));
  return {
    storage,
    schema,
    close: async () => {
      await storage.close();
      await dropSchema(url, schema);
    },
  };
}
