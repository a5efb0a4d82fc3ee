import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the bench may use (GUIDE: trust auth on loopback); BENCH_PG_URL overrides it. */
export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A database of the bench's own on that server, so a run never touches another's data; `drop` removes it
 * (connections of a server still running are ended with it).
 */
export async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const name = `parley_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch {
    await admin.end().catch(() => undefined);
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: BENCH_PG_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
