/** The file store in the database (decision 0052): uploads every node of a PostgreSQL deployment shares. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FileStore, StagedFile, UploadRecord } from '../domain/uploads/ports.ts';
import type { Database } from '../storage/schema.ts';
import { LocalDiskStore } from './local-disk-store.ts';

const KEY = /^[0-9a-f]{64}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Bytes per chunk row (UPL27): small enough that a read or a write holds little, large enough for few rows. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Objects as rows of `file_chunks` (UPL26, UPL27), records in `file_records`. An upload is still received into a
 * private staging file on the receiving node's disk (the image decoder needs a path, and a cut upload must leave
 * nothing in the database); `commit` then copies it into the database one chunk at a time, inside one transaction,
 * so another node sees the whole object or none of it. Reads fetch one chunk per query: memory stays at one chunk
 * whatever the file's size, and a range starts at the chunk that holds its first byte (UPL28).
 */
export class DatabaseFileStore implements FileStore {
  private readonly staging: LocalDiskStore;

  constructor(
    private readonly db: Kysely<Database>,
    stagingRoot: string,
    private readonly now: () => number = Date.now,
  ) {
    this.staging = new LocalDiskStore(stagingRoot);
  }

  stage(source: AsyncIterable<Uint8Array>, maxBytes: number, tooLarge: () => Error): Promise<StagedFile> {
    return this.staging.stage(source, maxBytes, tooLarge);
  }

  discard(staged: StagedFile): Promise<void> {
    return this.staging.discard(staged);
  }

  sweepStaging(): Promise<number> {
    return this.staging.sweepStaging();
  }

  async commit(staged: StagedFile): Promise<string> {
    const key = staged.sha256;
    return this.put(key, staged.size, createReadStream(staged.path, { highWaterMark: CHUNK_BYTES }));
  }

  async putBytes(bytes: Uint8Array): Promise<string> {
    const key = createHash('sha256').update(bytes).digest('hex');
    async function* parts() {
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
    }
    return this.put(key, bytes.length, parts());
  }

  /** Writes an object once; a second writer of the same bytes waits on the key and then writes nothing. */
  private async put(key: string, size: number, source: AsyncIterable<Uint8Array>): Promise<string> {
    if (!KEY.test(key)) throw new Error('bad object key');
    if ((await this.size(key)) !== undefined) return key;
    await this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('file_objects')
        .values({ key, size, chunk_bytes: CHUNK_BYTES, created_at: this.now() })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) return;
      let seq = 0;
      for await (const part of rechunk(source)) {
        await trx.insertInto('file_chunks').values({ key, seq, data: part }).execute();
        seq += 1;
      }
    });
    return key;
  }

  async size(key: string): Promise<number | undefined> {
    if (!KEY.test(key)) return undefined;
    const row = await this.db.selectFrom('file_objects').select('size').where('key', '=', key).executeTakeFirst();
    return row ? Number(row.size) : undefined;
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return Readable.from(this.chunks(key, range), { objectMode: false });
  }

  private async *chunks(key: string, range?: { start: number; end: number }): AsyncGenerator<Buffer> {
    if (!KEY.test(key)) throw new Error('bad object key');
    const object = await this.db
      .selectFrom('file_objects')
      .select(['size', 'chunk_bytes'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!object) throw Object.assign(new Error(`no object ${key}`), { code: 'ENOENT' });
    const size = Number(object.size);
    const per = Number(object.chunk_bytes);
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? size - 1, size - 1);
    if (end < start) return;
    for (let seq = Math.floor(start / per); seq <= Math.floor(end / per); seq += 1) {
      const row = await this.db
        .selectFrom('file_chunks')
        .select('data')
        .where('key', '=', key)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row) throw Object.assign(new Error(`object ${key} misses chunk ${seq}`), { code: 'ENOENT' });
      const data = Buffer.from(row.data);
      const from = seq * per;
      yield data.subarray(Math.max(0, start - from), Math.min(data.length, end - from + 1));
    }
  }

  async putRecord(record: UploadRecord): Promise<void> {
    if (!ID.test(record.id)) throw new Error('bad file ID');
    await this.db
      .insertInto('file_records')
      .values({ id: record.id, body: JSON.stringify(record) })
      .onConflict((oc) => oc.column('id').doUpdateSet({ body: JSON.stringify(record) }))
      .execute();
  }

  async getRecord(id: string): Promise<UploadRecord | undefined> {
    if (!ID.test(id)) return undefined;
    const row = await this.db.selectFrom('file_records').select('body').where('id', '=', id).executeTakeFirst();
    return row ? (JSON.parse(row.body) as UploadRecord) : undefined;
  }

  async deleteRecord(id: string): Promise<void> {
    if (!ID.test(id)) return;
    await this.db.deleteFrom('file_records').where('id', '=', id).execute();
  }

  async deleteObject(key: string): Promise<void> {
    if (!KEY.test(key)) throw new Error('bad object key');
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('file_objects').where('key', '=', key).execute();
      await trx.deleteFrom('file_chunks').where('key', '=', key).execute();
    });
  }

  async *allRecords(): AsyncIterable<UploadRecord> {
    // In pages by ID: a store of millions of records is never read into memory at once.
    let after = '';
    for (;;) {
      const rows = await this.db
        .selectFrom('file_records')
        .select(['id', 'body'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(500)
        .execute();
      for (const r of rows) yield JSON.parse(r.body) as UploadRecord;
      const last = rows.at(-1);
      if (!last || rows.length < 500) return;
      after = last.id;
    }
  }
}

/** Pieces of exactly CHUNK_BYTES (the last one shorter), whatever sizes the source yields. */
async function* rechunk(source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const piece of source) {
    pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    length += piece.byteLength;
    while (length >= CHUNK_BYTES) {
      const all = Buffer.concat(pending, length);
      yield Buffer.from(all.subarray(0, CHUNK_BYTES));
      pending = [all.subarray(CHUNK_BYTES)];
      length -= CHUNK_BYTES;
    }
  }
  if (length > 0) yield Buffer.concat(pending, length);
}
