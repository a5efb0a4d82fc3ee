import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CHUNK_BYTES, DatabaseFileStore } from '../src/files/database-store.ts';
import type { Database } from '../src/storage/schema.ts';
import { fileStoreContract, listDir } from './file-store-contract.ts';
import { cleanupApps, tempDir } from './support/app.ts';
import { pgUrl } from './support/messaging.ts';
import { freshPostgres } from './support/storage.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await cleanupApps();
});

async function openPg() {
  if (!pgUrl) throw new Error('PostgreSQL is required');
  const pg = await freshPostgres(pgUrl);
  closers.push(pg.close);
  const db = (pg.storage as unknown as { db: Kysely<Database> }).db;
  const root = tempDir('parley-files-');
  return { db, root, store: new DatabaseFileStore(db, root) };
}

const collect = async (s: AsyncIterable<Uint8Array>): Promise<Buffer> => {
  const out: Buffer[] = [];
  for await (const c of s) out.push(Buffer.from(c));
  return Buffer.concat(out);
};

describe.skipIf(!pgUrl)('database file store on PostgreSQL', () => {
  fileStoreContract('PostgreSQL', async () => {
    const { store, root } = await openPg();
    return { store, stagingFiles: () => listDir(join(root, 'staging')) };
  });

  it('UPL27 a file of several chunks is kept as chunk rows; every range across chunk edges reads back exactly', async () => {
    const { store, db } = await openPg();
    const data = Buffer.alloc(CHUNK_BYTES * 2 + 1234);
    for (let i = 0; i < data.length; i += 1) data[i] = (i * 31 + (i >> 9)) & 0xff;
    async function* parts() {
      // Odd piece sizes: the store cuts them into exact chunks itself.
      for (let at = 0; at < data.length; at += 70_001) yield data.subarray(at, at + 70_001);
    }
    const staged = await store.stage(parts(), data.length, () => new Error('big'));
    const key = await store.commit(staged);
    await store.discard(staged);
    expect(key).toBe(createHash('sha256').update(data).digest('hex'));
    const rows = await db.selectFrom('file_chunks').select(['seq']).where('key', '=', key).orderBy('seq').execute();
    expect(rows.map((r) => r.seq)).toEqual([0, 1, 2]);
    expect((await collect(store.read(key))).equals(data)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [CHUNK_BYTES - 1, CHUNK_BYTES],
      [CHUNK_BYTES - 5, CHUNK_BYTES * 2 + 5],
      [CHUNK_BYTES * 2, data.length - 1],
      [17, data.length - 1],
    ] as const) {
      expect((await collect(store.read(key, { start, end }))).equals(data.subarray(start, end + 1))).toBe(true);
    }
  });

  it('UPL26 a second store on the same database (another node) serves what the first committed; deleting removes every chunk', async () => {
    const a = await openPg();
    const b = new DatabaseFileStore(a.db, tempDir('parley-files-'));
    const bytes = Buffer.alloc(CHUNK_BYTES + 10, 7);
    const key = await a.store.putBytes(bytes);
    const record = { id: 'EEEEEEEEEEEEEEEEEEEEEE', owner: 'amy', kind: 'file', key, type: 'application/pdf' };
    await a.store.putRecord({ ...record, size: bytes.length, name: 'x.pdf', inline: false, createdAt: 1 });
    expect((await b.getRecord(record.id))?.key).toBe(key);
    expect((await collect(b.read(key))).equals(bytes)).toBe(true);
    // The same bytes committed twice at once are kept once.
    await Promise.all([a.store.putBytes(bytes), b.putBytes(bytes)]);
    expect(await a.db.selectFrom('file_chunks').select('seq').where('key', '=', key).execute()).toHaveLength(2);
    await b.deleteObject(key);
    expect(await a.store.size(key)).toBeUndefined();
    expect(await a.db.selectFrom('file_chunks').select('seq').where('key', '=', key).execute()).toHaveLength(0);
    await expect(collect(a.store.read(key))).rejects.toThrow();
  });
});
