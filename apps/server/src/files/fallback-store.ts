/**
 * Uploads kept on disk before a deployment moved its store into PostgreSQL (UPL31, decision 0052): new files go to
 * the database; a file the database does not have is looked up in the old disk store, so nothing a message links to
 * stops being served by the upgrade. Deletions reach both; the ledger is filled from both.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { FileStore, StagedFile, UploadRecord } from '../domain/uploads/ports.ts';

export class FallbackStore implements FileStore {
  constructor(
    private readonly primary: FileStore,
    private readonly older: FileStore,
  ) {}

  stage(source: AsyncIterable<Uint8Array>, maxBytes: number, tooLarge: () => Error): Promise<StagedFile> {
    return this.primary.stage(source, maxBytes, tooLarge);
  }
  discard(staged: StagedFile): Promise<void> {
    return this.primary.discard(staged);
  }
  commit(staged: StagedFile): Promise<string> {
    return this.primary.commit(staged);
  }
  putBytes(bytes: Uint8Array): Promise<string> {
    return this.primary.putBytes(bytes);
  }
  async size(key: string): Promise<number | undefined> {
    return (await this.primary.size(key)) ?? (await this.older.size(key));
  }
  /** The object from whichever store has it (the read is synchronous, so the choice is made behind a stream). */
  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    void (async () => {
      const from = (await this.primary.size(key)) !== undefined ? this.primary : this.older;
      const source = from.read(key, range);
      source.on('error', (err) => out.destroy(err));
      source.pipe(out);
    })().catch((err: unknown) => out.destroy(err as Error));
    return out;
  }
  putRecord(record: UploadRecord): Promise<void> {
    return this.primary.putRecord(record);
  }
  async getRecord(id: string): Promise<UploadRecord | undefined> {
    return (await this.primary.getRecord(id)) ?? (await this.older.getRecord(id));
  }
  async sweepStaging(): Promise<number> {
    return (await this.primary.sweepStaging()) + (await this.older.sweepStaging());
  }
  async deleteRecord(id: string): Promise<void> {
    await this.primary.deleteRecord(id);
    await this.older.deleteRecord(id);
  }
  async deleteObject(key: string): Promise<void> {
    await this.primary.deleteObject(key);
    await this.older.deleteObject(key);
  }
  async *allRecords(): AsyncIterable<UploadRecord> {
    const seen = new Set<string>();
    for await (const r of this.primary.allRecords()) {
      seen.add(r.id);
      yield r;
    }
    for await (const r of this.older.allRecords()) if (!seen.has(r.id)) yield r;
  }
}
