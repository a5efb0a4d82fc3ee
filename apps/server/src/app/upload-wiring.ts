import { join } from 'node:path';
import type { Clock } from '../domain/ports.ts';
import type { Uploads } from '../domain/uploads/upload.ts';
import { LocalDiskStore } from '../files/local-disk-store.ts';
import { sharpImages } from '../files/sharp-images.ts';
import type { Config } from './config.ts';

/** The upload service's parts: files under `<dataDir>/uploads`, images through sharp (decision 0016). */
export function uploadsOf(config: Config, clock: Clock): Uploads {
  return {
    store: new LocalDiskStore(join(config.dataDir, 'uploads')),
    images: sharpImages(config.uploads.imagePixels),
    limits: config.uploads,
    clock,
  };
}
