/**
 * Decision 0020: where the tail of a commit comes from. The send path's statements for one message (a 100-byte
 * text with its wire JSON, the conversation's sequence bump), one transaction each, on a WAL database with
 * `synchronous = NORMAL`, in two modes measured one after the other in this run:
 *  - `inline`: SQLite's default, the commit that crosses 1,000 WAL pages runs the checkpoint itself (copies the
 *    WAL into the database file and syncs it) before it returns;
 *  - `thread`: `wal_autocheckpoint = 0` and the server's own checkpoint thread (a PASSIVE checkpoint every 100 ms,
 *    lowest priority; apps/server/src/storage/wal-checkpointer.ts).
 * Each commit is timed alone: p99 and max show what a message waiting behind a checkpoint pays.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startCheckpointer } from '../../apps/server/src/storage/wal-checkpointer.ts';
import { type Latency, latency, ratio } from '../lib/stats.ts';

interface Tail extends Latency {
  p999: number;
  /** Commits that took over 2 ms: with inline checkpoints, about one per checkpoint. */
  over2ms: number;
}

function tail(samples: number[]): Tail {
  const sorted = [...samples].sort((a, b) => a - b);
  const p999 = Number((sorted[Math.floor(sorted.length * 0.999)] ?? 0).toFixed(2));
  return { ...latency(samples), p999, over2ms: samples.filter((s) => s > 2).length };
}

function run(mode: 'inline' | 'thread', commits: number): Promise<Tail> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-commit-tail-'));
  const file = join(dir, 'tail.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create table conversations (id text primary key, last_seq integer not null);
    create table messages (conversation_id text, seq integer, id text, sender text, payload text, wire text,
      primary key (conversation_id, seq));
    create unique index m_sender on messages (sender, id);
    insert into conversations values ('c', 0);`);
  const checkpointer = mode === 'thread' ? startCheckpointer(file) : undefined;
  if (checkpointer) db.pragma('wal_autocheckpoint = 0');
  const bump = db.prepare("update conversations set last_seq = last_seq + 1 where id = 'c' returning last_seq");
  const insert = db.prepare("insert into messages values ('c', ?, ?, 's', ?, ?)");
  const payload = JSON.stringify({ text: 'm'.repeat(100) });
  const wire = JSON.stringify({ pad: 'w'.repeat(400) });
  const one = db.transaction((i: number) => {
    const { last_seq } = bump.get() as { last_seq: number };
    insert.run(last_seq, `id-${i}`, payload, wire);
  });
  return new Promise((resolve) => {
    const samples: number[] = [];
    let i = 0;
    // Paced in slices so the worker thread gets its turns, as it does between a server's batches.
    const slice = () => {
      for (const end = Math.min(commits, i + 200); i < end; i += 1) {
        const t0 = performance.now();
        one(i);
        samples.push(performance.now() - t0);
      }
      if (i < commits) {
        setImmediate(slice);
        return;
      }
      const finish = () => {
        db.close();
        rmSync(dir, { recursive: true, force: true });
        resolve(tail(samples));
      };
      if (!checkpointer) return finish();
      void checkpointer.stop().then(finish, finish);
    };
    slice();
  });
}

export async function commitTail(emit: (line: Record<string, unknown>) => void, commits = 30_000): Promise<void> {
  const inline = await run('inline', commits);
  const thread = await run('thread', commits);
  emit({
    benchmark: 'sqlite-commit-tail',
    unit: 'ms per single-message commit (WAL, synchronous=NORMAL), this process, one after the other',
    commits,
    inlineCheckpoints: inline,
    checkpointThread: thread,
    ratioP99: ratio(thread.p99, inline.p99),
    ratioP999: ratio(thread.p999, inline.p999),
    ratioOver2ms: ratio(thread.over2ms, inline.over2ms),
  });
}
