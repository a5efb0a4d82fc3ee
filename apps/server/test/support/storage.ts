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

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export async function freshPostgres(
  url: string,
): Promise<{ storage: Storage; close: () => Promise<void>; schema: string }> {
  const schema = freshSchemaName();
  const storage = await openStorage({ kind: 'postgres', url, schema, poolSize: 8 });
  return {
    storage,
    schema,
    close: async () => {
      await storage.close();
      await dropSchema(url, schema);
    },
  };
}
