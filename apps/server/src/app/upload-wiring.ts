import { join } from 'node:path';
import type { Clock, Storage } from '../domain/ports.ts';
import { UploadAdmission } from '../domain/uploads/quota.ts';
import type { Uploads } from '../domain/uploads/upload.ts';
import { LocalDiskStore } from '../files/local-disk-store.ts';
import { sharpImages } from '../files/sharp-images.ts';
import { uploadLedgerFor } from '../storage/repos/upload-ledger.ts';
import type { Config } from './config.ts';

/**
 * The upload service's parts: files under `<dataDir>/uploads`, images through sharp (decision 0016), the per-user
 * quota counted in the database's upload ledger (decision 0024; none for a storage without one).
 */
export function uploadsOf(config: Config, clock: Clock, storage: Storage): Uploads {
  return {
    store: new LocalDiskStore(join(config.dataDir, 'uploads')),
    images: sharpImages(config.uploads.imagePixels),
    limits: config.uploads,
    clock,
    admission: new UploadAdmission(uploadLedgerFor(storage), config.uploadQuota, clock),
  };
}
