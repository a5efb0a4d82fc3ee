/**
 * The upload store in the database (migration 0035, decision 0052): objects by content hash, their bytes in
 * fixed-size chunks, and the small record of each file ID. Used when the uploads live in PostgreSQL.
 */
export interface FileObjectsTable {
  /** SHA-256 hex of the whole object. */
  key: string;
  size: number;
  /** Bytes per chunk the object was cut into (every chunk but the last has exactly this many). */
  chunk_bytes: number;
  created_at: number;
}

export interface FileChunksTable {
  key: string;
  /** 0, 1, 2 ...: the chunk's place in the object. */
  seq: number;
  data: Uint8Array;
}

export interface FileRecordsTable {
  id: string;
  /** The UploadRecord as JSON (UPL6): read only by its ID, written once. */
  body: string;
}

export interface FileStoreTables {
  file_objects: FileObjectsTable;
  file_chunks: FileChunksTable;
  file_records: FileRecordsTable;
}
