import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { SendDraft } from '../src/domain/messages/send-port.ts';
import { freshSqlite } from './support/storage.ts';
import { newProfileRow } from '../src/domain/accounts/actions.ts';
import { draft as sendDraft } from './support/drafts.ts';
import BetterSqlite3 from 'better-sqlite3';
import { startCheckpointer } from '../src/storage/wal-checkpointer.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A 100-character text from amy to bob whose wire JSON is padded, so the WAL grows quickly. */
function draft(i: number): SendDraft {
  const base = sendDraft('amy', 'bob', `w-${i}`, (row) =>
    JSON.stringify({ ID: row.id, sequence: row.seq, pad: 'y'.repeat(200) }),
  );
  return { ...base, message: { ...base.message, payload: JSON.stringify({ text: 'x'.repeat(100) }) } };
}

describe('WAL checkpoints', () => {
  it('SP5 commits never checkpoint (wal_autocheckpoint 0); the checkpoint thread copies the WAL into the database', async () => {
    const { storage, close, dir } = await freshSqlite();
    closers.push(close);
    const db = (storage as unknown as { db: Kysely<unknown> }).db;
    const auto = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(auto.rows[0]?.wal_autocheckpoint).toBe(0);
    for (const userID of ['amy', 'bob']) {
      await storage.accounts.create(
        { userID, passwordHash: null, mobile: null, identity: 0, createdAt: 1 },
        newProfileRow(userID, 1, { nick: userID }),
      );
    }
    const file = join(dir, 'parley.db');
    const before = statSync(file).size;
    for (let b = 0; b < 20; b += 1) {
      const outcomes = await storage.sends.appendBatch(Array.from({ length: 100 }, (_, i) => draft(b * 100 + i)));
      expect(outcomes.every((o) => o.kind === 'stored' && o.created)).toBe(true);
    }
    // 2,000 messages are far more than a database page holds: once checkpointed, the database file has grown.
    await expect.poll(() => statSync(file).size, { timeout: 10_000, interval: 50 }).toBeGreaterThan(before + 100_000);
  });

  it.runIf(process.platform === 'linux')(
    'SP5 the checkpoint thread yields the core: niceness 19 for that thread alone, the server keeps its own',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'parley-ckpt-'));
      const file = join(dir, 'p.db');
      const db = new BetterSqlite3(file);
      db.pragma('journal_mode = WAL');
      const before = os.getPriority(0);
      const checkpointer = startCheckpointer(file);
      try {
        expect(await checkpointer.niceness).toBe(19);
        // Linux keeps niceness per thread: the event loop's thread is untouched.
        expect(os.getPriority(0)).toBe(before);
      } finally {
        await checkpointer.stop();
        db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
