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
