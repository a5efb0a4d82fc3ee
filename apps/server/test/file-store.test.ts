import { join } from 'node:path';
import { afterEach } from 'vitest';
import { LocalDiskStore } from '../src/files/local-disk-store.ts';
import { fileStoreContract, listDir } from './file-store-contract.ts';
import { cleanupApps, tempDir } from './support/app.ts';

afterEach(cleanupApps);

fileStoreContract('local disk', async () => {
  const root = tempDir('parley-files-');
  return { store: new LocalDiskStore(root), stagingFiles: () => listDir(join(root, 'staging')) };
});
