import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../src/files/local-disk-store.ts';
import { fileStoreContract, listDir } from './file-store-contract.ts';
import { cleanupApps, tempDir } from './support/app.ts';

afterEach(cleanupApps);

fileStoreContract('local disk', async () => {
  const root = tempDir('parley-files-');
  return { store: new LocalDiskStore(root), stagingFiles: () => listDir(join(root, 'staging')) };
});

describe('local disk store, large files', () => {
  it('UPL2 a file written in many back-pressured chunks leaves no listener behind per chunk (no MaxListeners warning)', async () => {
    const store = new LocalDiskStore(tempDir('parley-files-'));
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      // 64 KB chunks are over the write stream's 16 KB mark: every write waits for a drain.
      async function* chunks() {
        for (let i = 0; i < 40; i += 1) yield Buffer.alloc(64 * 1024, i);
      }
      const staged = await store.stage(chunks(), 100 * 1024 * 1024, () => new Error('too large'));
      expect(staged.size).toBe(40 * 64 * 1024);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
      await store.discard(staged);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
