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

describe('local disk store, a source that fails mid-file', () => {
  it('UPL25 a source that throws while writes are still in flight rejects once, with its own error, and leaves nothing', async () => {
    const root = tempDir('parley-files-');
    const store = new LocalDiskStore(root);
    const stray: unknown[] = [];
    const onStray = (err: unknown) => stray.push(err);
    process.on('uncaughtException', onStray);
    try {
      for (let round = 0; round < 20; round += 1) {
        // Chunks under the write stream's 16 KB mark: write() says "go on" while the file system is still writing
        // the ones before, so the failure below lands with writes in flight (an upload cut by its timeout).
        async function* chunks() {
          for (let i = 0; i < 8; i += 1) yield Buffer.alloc(16 * 1024 - 1, i);
          throw new Error('client went away');
        }
        await expect(store.stage(chunks(), 100 * 1024 * 1024, () => new Error('too large'))).rejects.toThrow(
          'client went away',
        );
      }
      // The file system's callbacks for the cut writes come back after the rejection.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stray).toEqual([]);
      expect(await listDir(join(root, 'staging'))).toEqual([]);
    } finally {
      process.off('uncaughtException', onStray);
    }
  });
});
