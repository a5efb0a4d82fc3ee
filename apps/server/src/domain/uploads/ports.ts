import type { Readable } from 'node:stream';

/** A stream being received, written to a private staging file with its SHA-256 and first bytes (for sniffing). */
export interface StagedFile {
  readonly path: string;
  readonly size: number;
  readonly sha256: string;
  readonly head: Uint8Array;
}

/** What a file ID stands for (UPL6): one stored object and how to serve it. */
export interface UploadRecord {
  id: string;
  owner: string;
  kind: string;
  /** Content key (SHA-256 hex) of the object. */
  key: string;
  type: string;
  size: number;
  name: string;
  /** Served inline (a verified image, video or audio) or as an attachment (UPL5). */
  inline: boolean;
  width?: number;
  height?: number;
  createdAt: number;
}

/**
 * The file store port (UPL2): objects by content hash plus small records by file ID. Local disk today; an
 * S3-compatible store fits the same shape (stage locally, commit = put object). Contract suite:
 * `test/file-store-contract.ts`.
 */
export interface FileStore {
  /**
   * Streams `source` into a staging file. Rejects with `tooLarge` once more than `maxBytes` arrive, or with the
   * source's error (a cut upload); either way the staging file is gone (UPL11).
   */
  stage(source: AsyncIterable<Uint8Array>, maxBytes: number, tooLarge: () => Error): Promise<StagedFile>;
  /** Removes a staging file; never throws. */
  discard(staged: StagedFile): Promise<void>;
  /** Moves a staged file into the store under its hash; a second copy of the same bytes is not kept twice. */
  commit(staged: StagedFile): Promise<string>;
  putBytes(bytes: Uint8Array): Promise<string>;
  /** Size of a stored object, undefined when absent. */
  size(key: string): Promise<number | undefined>;
  /** The bytes `start`..`end` inclusive (the whole object without a range). */
  read(key: string, range?: { start: number; end: number }): Readable;
  putRecord(record: UploadRecord): Promise<void>;
  getRecord(id: string): Promise<UploadRecord | undefined>;
  /** Staging files left by a crash are removed at start-up. */
  sweepStaging(): Promise<number>;
  /** Removes a file ID's record (ABU7, ABU9); never throws for a missing one. */
  deleteRecord(id: string): Promise<void>;
  /** Removes an object; the caller checked that no record still names it. */
  deleteObject(key: string): Promise<void>;
  /** Every record, in no order: the ledger is filled from them once (decision 0024). */
  allRecords(): AsyncIterable<UploadRecord>;
}

/** One stored file in the upload ledger (decision 0024). */
export interface LedgerFile {
  fileID: string;
  /** The upload it came from: an image's derivatives share the original's file ID. */
  uploadID: string;
  owner: string;
  objectKey: string;
  bytes: number;
  createdAt: number;
  referenced: boolean;
}

/**
 * What each user stored (ABU6–ABU9), kept in the database beside the messages that refer to the files. Contract:
 * `test/uploads-quota.test.ts` runs it on SQLite and PostgreSQL.
 */
export interface UploadLedger {
  /** Bytes of every file the user stored and did not delete. */
  usedBytes(owner: string): Promise<number>;
  add(files: readonly LedgerFile[]): Promise<void>;
  /** Marks every file of the uploads these file IDs belong to as referenced by a message; unknown IDs are ignored. */
  markReferenced(fileIDs: readonly string[]): Promise<void>;
  /** Every file of the upload `fileID` belongs to; empty when unknown. */
  uploadOf(fileID: string): Promise<LedgerFile[]>;
  remove(fileIDs: readonly string[]): Promise<void>;
  /** Every file the user stored, sent or not (PDAT4, PDAT14). */
  filesOf(owner: string): Promise<LedgerFile[]>;
  /** Whether a file still names the object. */
  objectInUse(objectKey: string): Promise<boolean>;
  /** Up to `limit` uploads no message referred to, created before `before` (ms), oldest first. */
  unreferencedBefore(before: number, limit: number): Promise<string[]>;
  isEmpty(): Promise<boolean>;
}

export interface ImageVariant {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** Image decoding behind a port (UPL8, UPL9): decode within a pixel limit, re-encode without metadata. */
export interface ImageProcessor {
  /**
   * Decodes the staged image (the sniffed format only). Returns the original re-encoded without EXIF/GPS, a ≤720 px
   * preview and a ≤198 px thumbnail, or throws `tooManyPixels` / `notAnImage`.
   */
  derive(
    path: string,
    format: 'jpeg' | 'png' | 'gif' | 'webp',
    errors: { tooManyPixels: () => Error; notAnImage: () => Error },
  ): Promise<{ original: ImageVariant; large: ImageVariant; thumb: ImageVariant }>;
}
