/** The file store on local disk: staged uploads, content-addressed objects and their records (decision 0016). */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FileStore, StagedFile, UploadRecord } from '../domain/uploads/ports.ts';

const KEY = /^[0-9a-f]{64}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const HEAD_BYTES = 4096;

/**
 * The file store on local disk (UPL2): `<root>/objects/ab/<sha256>`, `<root>/records/<fileID>.json` and
 * `<root>/staging/` for uploads in flight. Paths are built only from hex hashes and checked IDs, never from a
 * user's file name. Objects are written once and never change, so readers need no locking.
 */
export class LocalDiskStore implements FileStore {
  private readonly objects: string;
  private readonly records: string;
  private readonly staging: string;
  private ready: Promise<void> | undefined;

  constructor(root: string) {
    this.objects = join(root, 'objects');
    this.records = join(root, 'records');
    this.staging = join(root, 'staging');
  }

  private dirs(): Promise<void> {
    this.ready ??= Promise.all(
      [this.objects, this.records, this.staging].map((d) => mkdir(d, { recursive: true, mode: 0o700 })),
    ).then(() => undefined);
    return this.ready;
  }

  private objectPath(key: string): string {
    if (!KEY.test(key)) throw new Error('bad object key');
    return join(this.objects, key.slice(0, 2), key);
  }

  async stage(source: AsyncIterable<Uint8Array>, maxBytes: number, tooLarge: () => Error): Promise<StagedFile> {
    await this.dirs();
    const path = join(this.staging, `${randomBytes(12).toString('hex')}.part`);
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    // Always listened to: an error the stream emits while nothing waits on it (a write still in flight when the
    // upload is cut, a full disk between two drains) would otherwise be thrown from the file system's callback and
    // end the process. The first one fails the upload below.
    let failed: Error | undefined;
    out.on('error', (err) => {
      failed ??= err;
    });
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    try {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > maxBytes) throw tooLarge();
        hash.update(chunk);
        if (headLength < HEAD_BYTES) {
          head.push(Buffer.from(chunk.subarray(0, HEAD_BYTES - headLength)));
          headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
        }
        // Back-pressure: memory stays flat whatever the file's size. `once` drops its error listener after each
        // drain (a listener left per drain piled up on a large file: MaxListenersExceededWarning).
        if (!out.write(chunk)) await once(out, 'drain');
        if (failed) throw failed;
      }
      out.end();
      await finished(out);
    } catch (err) {
      out.destroy();
      // The file is opened asynchronously: a source that fails before the open completes would otherwise have its
      // staging file removed first and created after, left behind (UPL11; seen when the first chunk is over the limit).
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await rm(path, { force: true });
      throw err;
    }
    return { path, size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.path, { force: true }).catch(() => undefined);
  }

  async commit(staged: StagedFile): Promise<string> {
    const target = this.objectPath(staged.sha256);
    await mkdir(join(this.objects, staged.sha256.slice(0, 2)), { recursive: true, mode: 0o700 });
    // link() fails if the object exists: the same bytes are kept once, and the first copy is never replaced.
    await link(staged.path, target).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    return staged.sha256;
  }

  async putBytes(bytes: Uint8Array): Promise<string> {
    await this.dirs();
    const key = createHash('sha256').update(bytes).digest('hex');
    const tmp = join(this.staging, `${randomBytes(12).toString('hex')}.part`);
    await writeFile(tmp, bytes, { mode: 0o600, flag: 'wx' });
    try {
      await this.commit({ path: tmp, size: bytes.length, sha256: key, head: new Uint8Array() });
    } finally {
      await rm(tmp, { force: true });
    }
    return key;
  }

  async size(key: string): Promise<number | undefined> {
    if (!KEY.test(key)) return undefined;
    return stat(this.objectPath(key)).then(
      (s) => s.size,
      () => undefined,
    );
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.objectPath(key), range ? { start: range.start, end: range.end } : {});
  }

  async putRecord(record: UploadRecord): Promise<void> {
    await this.dirs();
    if (!ID.test(record.id)) throw new Error('bad file ID');
    const tmp = join(this.staging, `${record.id}.record`);
    await writeFile(tmp, JSON.stringify(record), { mode: 0o600 });
    await rename(tmp, join(this.records, `${record.id}.json`));
  }

  async getRecord(id: string): Promise<UploadRecord | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(join(this.records, `${id}.json`), 'utf8')) as UploadRecord;
    } catch {
      return undefined;
    }
  }

  async deleteRecord(id: string): Promise<void> {
    if (!ID.test(id)) return;
    await rm(join(this.records, `${id}.json`), { force: true });
  }

  async deleteObject(key: string): Promise<void> {
    await rm(this.objectPath(key), { force: true });
  }

  async *allRecords(): AsyncIterable<UploadRecord> {
    await this.dirs();
    for (const name of await readdir(this.records)) {
      if (!name.endsWith('.json')) continue;
      const record = await this.getRecord(name.slice(0, -5));
      if (record) yield record;
    }
  }

  async sweepStaging(): Promise<number> {
    await this.dirs();
    const names = await readdir(this.staging);
    await Promise.all(names.map((n) => rm(join(this.staging, n), { force: true })));
    return names.length;
  }
}
