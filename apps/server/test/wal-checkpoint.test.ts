import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { SendDraft } from '../src/domain/messages/send-port.ts';
import { freshSqlite } from './support/storage.ts';
import { newProfileRow } from '../src/domain/accounts/actions.ts';
import { draft as sendDraft } from './support/drafts.ts';
import BetterSqlite3 from 'better-sqlite3';
import { type CheckpointerOptions, startCheckpointer, walHeader } from '../src/storage/wal-checkpointer.ts';
import { SqliteLane } from '../src/storage/sqlite-lane.ts';

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
    await expect.poll(() => statSync(file).size, { timeout: 40_000, interval: 50 }).toBeGreaterThan(before + 100_000);
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
        // SP12: and Linux's idle class for that thread (chrt from util-linux), so a waking server thread preempts it.
        expect(await checkpointer.idle).toBe(true);
        // proc(5): field 41 of a thread's stat is its policy; 5 is SCHED_IDLE. One thread of this process has it.
        const policies = readdirSync('/proc/self/task').map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
        });
        expect(policies.filter((p) => p === 5)).toHaveLength(1);
        // Linux keeps niceness per thread: the event loop's thread is untouched.
        expect(os.getPriority(0)).toBe(before);
      } finally {
        await checkpointer.stop();
        db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  /**
   * A writer that never pauses (SP12): back-to-back commits leave no moment with every frame copied, so the WAL
   * would never start again. `hold` lets the checkpointer hold the connection for a turn past `limitFrames`.
   */
  async function writeNonStop(hold: boolean, preRounds?: number, more: Partial<CheckpointerOptions> = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'parley-turns-'));
    const file = join(dir, 'p.db');
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('create table t (id integer primary key, v text)');
    const lane = new SqliteLane();
    // The turn's checkpoint on this connection, when the thread does not answer in time (`starvedMs`).
    const onConnection = { calls: 0, copied: 0 };
    const connection = {
      lock: () => lane.lock(),
      unlock: () => lane.unlock(),
      checkpoint: () => {
        onConnection.calls += 1;
        const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
        const all = r?.busy === 0 && r.log === r.checkpointed;
        if (all) onConnection.copied += 1;
        return all;
      },
    };
    const checkpointer = startCheckpointer(file, {
      everyMs: 10,
      limitFrames: 400,
      hardFrames: 1_600,
      ...(hold ? { hold: connection } : {}),
      ...(preRounds === undefined ? {} : { preRounds }),
      ...more,
    });
    db.pragma('wal_autocheckpoint = 0');
    if (hold) lane.onRelease = checkpointer.look;
    const insert = db.prepare('insert into t (v) values (?)');
    const batch = db.transaction(() => {
      for (let i = 0; i < 20; i += 1) insert.run('x'.repeat(300));
    });
    const header = walHeader(file);
    let most = 0;
    let restarts = 0;
    let last = 0;
    try {
      for (let b = 0; b < 4_000; b += 1) {
        await lane.run(() => batch());
        const frames = header.read()?.frames ?? 0;
        if (frames < last) restarts += 1;
        last = frames;
        most = Math.max(most, frames);
        // Other work's turn (a server's sockets): the checkpoint thread's answers arrive here.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const rows = db.prepare('select count(*) n from t').get();
      return { most, restarts, turns: checkpointer.turns(), slices: checkpointer.slices(), onConnection, rows };
    } finally {
      header.close();
      await checkpointer.stop();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('SP12 restart turns keep the WAL of a writer that never pauses bounded; without them it keeps growing', async () => {
    // No checkpoints before the turn: it comes as soon as the WAL is past the limit (400 frames).
    const held = await writeNonStop(true, 0);
    // Every row is there: a turn only makes the writer wait.
    expect(held.rows).toEqual({ n: 80_000 });
    expect(held.turns).toBeGreaterThan(0);
    expect(held.restarts).toBeGreaterThan(0);
    // The limit, plus what is written between two looks at the WAL's length (every 5 ms).
    expect(held.most).toBeLessThan(1_600);
    const free = await writeNonStop(false);
    expect(free.rows).toEqual({ n: 80_000 });
    expect(free.turns).toBe(0);
    expect(free.most).toBeGreaterThan(5 * held.most);
  }, 240_000);

  it('SP12 with checkpoints before each turn (the default), the WAL starts again too', async () => {
    const held = await writeNonStop(true);
    expect(held.rows).toEqual({ n: 80_000 });
    expect(held.restarts).toBeGreaterThan(2);
    expect(held.turns).toBeGreaterThan(0);
  }, 240_000);

  it('SP12 a turn whose thread does not answer in time copies the last frames on the held connection', async () => {
    // The thread counts as starved at once: every turn tries the server's connection first. Where the thread's own
    // checkpoint runs meanwhile, that answers busy and the turn waits for the thread, as before.
    const held = await writeNonStop(true, 0, { starvedMs: 0 });
    expect(held.rows).toEqual({ n: 80_000 });
    expect(held.turns).toBeGreaterThan(0);
    expect(held.onConnection.calls).toBeGreaterThan(0);
    expect(held.onConnection.calls).toBeLessThanOrEqual(held.turns);
    expect(held.restarts).toBeGreaterThan(0);
    expect(held.most).toBeLessThan(1_600);
  }, 240_000);

  it('SP12 a thread far behind before a turn is given slices of the connection, and the WAL still starts again', async () => {
    // Any frame left to copy counts as far behind here; the default is 32,768 (128 MB).
    const held = await writeNonStop(true, undefined, { sliceBacklog: 1 });
    expect(held.rows).toEqual({ n: 80_000 });
    expect(held.slices).toBeGreaterThan(0);
    expect(held.restarts).toBeGreaterThan(2);
    const none = await writeNonStop(true);
    expect(none.slices).toBe(0);
  }, 240_000);
});
