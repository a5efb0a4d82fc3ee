import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock, Storage } from '../domain/ports.ts';
import type { FileStore } from '../domain/uploads/ports.ts';
import { UploadAdmission } from '../domain/uploads/quota.ts';
import type { Uploads } from '../domain/uploads/upload.ts';
import { DatabaseFileStore } from '../files/database-store.ts';
import { FallbackStore } from '../files/fallback-store.ts';
import { LocalDiskStore } from '../files/local-disk-store.ts';
import { sharpImages } from '../files/sharp-images.ts';
import { uploadLedgerFor } from '../storage/repos/upload-ledger.ts';
import type { Database } from '../storage/schema.ts';
import type { Config } from './config.ts';

/**
 * The upload service's parts: the file store (decision 0052), images through sharp (decision 0016), the per-user
 * quota counted in the database's upload ledger (decision 0024; none for a storage without one).
 */
export function uploadsOf(config: Config, clock: Clock, storage: Storage): Uploads {
  return {
    store: fileStoreOf(config, clock, storage),
    images: sharpImages(config.uploads.imagePixels),
    limits: config.uploads,
    clock,
    admission: new UploadAdmission(uploadLedgerFor(storage), config.uploadQuota, clock),
  };
}

/**
 * UPL29: `disk` keeps uploads under `<dataDir>/uploads` (one node); `pg` in the PostgreSQL database, shared by every
 * node; `auto` picks `pg` when Parley runs on PostgreSQL. Staging stays on the local disk either way.
 */
export function fileStoreOf(config: Config, clock: Clock, storage: Storage): FileStore {
  const root = join(config.dataDir, 'uploads');
  const s = storage as Partial<{ db: Kysely<Database>; kind: string }>;
  const onPostgres = s.kind === 'postgres' && s.db !== undefined;
  const wanted =
    config.uploadStore === 'auto' ? (config.database.kind === 'postgres' ? 'pg' : 'disk') : config.uploadStore;
  if (wanted === 'disk') return new LocalDiskStore(root);
  if (!onPostgres || !s.db) throw new Error('PARLEY_UPLOAD_STORE=pg needs DATABASE_URL to be a PostgreSQL database');
  const database = new DatabaseFileStore(s.db, root, () => clock.now());
  // UPL31: uploads this node kept on disk before the switch are still served, from there.
  const records = join(root, 'records');
  const older = existsSync(records) && readdirSync(records).length > 0;
  return older ? new FallbackStore(database, new LocalDiskStore(root)) : database;
}
