/** The upload ledger (migration 0021, decision 0024): one row per stored file, for quotas, deletion and the sweep. */
export interface UploadFilesTable {
  file_id: string;
  /** The upload the file came from: an image's three derivatives share the original's ID. */
  upload_id: string;
  owner: string;
  object_key: string;
  bytes: number;
  /** Milliseconds since the epoch. */
  created_at: number;
  /** 1 once a message carried the file's path (ABU8); such files are never deleted. */
  referenced: number;
}

export interface UploadLedgerTables {
  upload_files: UploadFilesTable;
}
