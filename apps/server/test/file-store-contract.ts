import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { FileStore } from '../src/domain/uploads/ports.ts';

async function* chunks(parts: Buffer[], failAfter?: number): AsyncIterable<Uint8Array> {
  let i = 0;
  for (const p of parts) {
    if (failAfter !== undefined && i === failAfter) throw new Error('connection cut');
    i += 1;
    yield p;
  }
}

const collect = async (s: AsyncIterable<Uint8Array>): Promise<Buffer> => {
  const out: Buffer[] = [];
  for await (const c of s) out.push(Buffer.from(c));
  return Buffer.concat(out);
};

/** The FileStore contract (UPL2): every implementation passes it. `stagingFiles` lists what is in flight. */
export function fileStoreContract(
  name: string,
  open: () => Promise<{ store: FileStore; stagingFiles: () => Promise<string[]> }>,
) {
  describe(`UPL2 file store contract (${name})`, () => {
    it('UPL2 stages a stream with its hash, size and head, commits it by hash and reads it back whole and in ranges', async () => {
      const { store } = await open();
      const data = Buffer.from('0123456789'.repeat(1000));
      const staged = await store.stage(
        chunks([data.subarray(0, 7000), data.subarray(7000)]),
        20_000,
        () => new Error('big'),
      );
      expect(staged.size).toBe(10_000);
      expect(staged.sha256).toBe(createHash('sha256').update(data).digest('hex'));
      expect(Buffer.from(staged.head).subarray(0, 10).toString()).toBe('0123456789');
      const key = await store.commit(staged);
      await store.discard(staged);
      expect(key).toBe(staged.sha256);
      expect(await store.size(key)).toBe(10_000);
      expect((await collect(store.read(key))).equals(data)).toBe(true);
      expect((await collect(store.read(key, { start: 5, end: 14 }))).toString()).toBe('5678901234');
    });

    it('UPL2 the same bytes are stored once; putBytes and commit agree on the key', async () => {
      const { store } = await open();
      const bytes = Buffer.from('same bytes');
      const a = await store.putBytes(bytes);
      const staged = await store.stage(chunks([bytes]), 100, () => new Error('big'));
      expect(await store.commit(staged)).toBe(a);
      await store.discard(staged);
      expect(await store.size(a)).toBe(bytes.length);
    });

    it('UPL11 a stream over the limit or cut half way leaves no staging file and rejects', async () => {
      const { store, stagingFiles } = await open();
      const big = Buffer.alloc(1000, 1);
      await expect(store.stage(chunks([big, big]), 1500, () => new Error('too large'))).rejects.toThrow('too large');
      await expect(store.stage(chunks([big, big, big], 2), 10_000, () => new Error('big'))).rejects.toThrow('cut');
      expect(await stagingFiles()).toEqual([]);
    });

    it('UPL6 records are found by ID only; unknown, malformed and path-like IDs find nothing', async () => {
      const { store } = await open();
      const key = await store.putBytes(Buffer.from('x'));
      const record = {
        id: 'AAAAAAAAAAAAAAAAAAAAAA',
        owner: 'amy',
        kind: 'file',
        key,
        type: 'text/plain',
        size: 1,
        name: 'x',
        inline: false,
        createdAt: 1,
      };
      await store.putRecord(record);
      expect(await store.getRecord(record.id)).toEqual(record);
      for (const id of ['BBBBBBBBBBBBBBBBBBBBBB', '../records/AAAAAAAAAAAAAAAAAAAAAA', key, ''])
        expect(await store.getRecord(id)).toBeUndefined();
      expect(await store.size('../../etc/passwd')).toBeUndefined();
    });

    it('ABU7 ABU9 records and objects are deleted one by one; every record is listed once', async () => {
      const { store } = await open();
      const key = await store.putBytes(Buffer.from('gone soon'));
      const base = { owner: 'amy', kind: 'file', key, type: 'text/plain', size: 9, name: 'x', inline: false };
      await store.putRecord({ ...base, id: 'CCCCCCCCCCCCCCCCCCCCCC', createdAt: 1 });
      await store.putRecord({ ...base, id: 'DDDDDDDDDDDDDDDDDDDDDD', createdAt: 2 });
      const listed: string[] = [];
      for await (const r of store.allRecords()) listed.push(r.id);
      expect(listed.sort()).toEqual(['CCCCCCCCCCCCCCCCCCCCCC', 'DDDDDDDDDDDDDDDDDDDDDD']);
      await store.deleteRecord('CCCCCCCCCCCCCCCCCCCCCC');
      await store.deleteRecord('../records/DDDDDDDDDDDDDDDDDDDDDD');
      expect(await store.getRecord('CCCCCCCCCCCCCCCCCCCCCC')).toBeUndefined();
      expect(await store.getRecord('DDDDDDDDDDDDDDDDDDDDDD')).toBeDefined();
      await store.deleteObject(key);
      expect(await store.size(key)).toBeUndefined();
    });

    it('UPL11 sweepStaging removes what a crash left in flight', async () => {
      const { store, stagingFiles } = await open();
      const staged = await store.stage(chunks([Buffer.from('left behind')]), 100, () => new Error('big'));
      expect((await stagingFiles()).length).toBe(1);
      expect(await store.sweepStaging()).toBe(1);
      expect(await stagingFiles()).toEqual([]);
      void staged;
    });
  });
}

export const listDir = async (dir: string): Promise<string[]> => readdir(dir).catch(() => []);
