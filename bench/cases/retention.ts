import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Mesh, type Pair } from '../lib/mesh.ts';
import { freePort, startParley } from '../lib/processes.ts';
import { ratio } from '../lib/stats.ts';
import { createParleyUsers, parleyTarget } from '../lib/targets.ts';
import { fixedRate, throughput } from './one-to-one.ts';

const DAY = 86_400;

/**
 * `send-during-retention` (decision 0047, RET4): the send path's latency at a fixed rate on one Parley, first with
 * the retention timer walking but nothing old enough to purge (`withoutPurge`), then right after the history seeded
 * before is made two days old, so the purge deletes it in steps beside the sends (`withPurge`). Same process, same
 * database, one run: `ratioP99` = withPurge / withoutPurge. `purgedInWindow` and `purgeLeftAfter` show the purge
 * really ran through the measured window (a purge that ended early would flatter the figure).
 */
export async function retentionLine(
  pairs: readonly Pair[],
  o: { ratePerSec: number; durationMs: number; seedMs: number },
  emit: (line: Record<string, unknown>) => void,
): Promise<void> {
  const port = await freePort();
  const env = { PARLEY_RETENTION_DAYS: '1', PARLEY_HOUSEKEEPING_MS: '200' };
  const server = await startParley(port, undefined, env);
  const db = new Database(join(server.dataDir, 'parley.db'));
  db.pragma('busy_timeout = 10000');
  const old = () =>
    Number(
      (
        db.prepare('SELECT count(*) AS n FROM messages WHERE time < ?').get(Math.floor(Date.now() / 1000) - DAY) as {
          n: number;
        }
      ).n,
    );
  try {
    const users = [...new Set(pairs.flatMap((p) => [p.from, p.to]))];
    const mesh = await Mesh.open(parleyTarget(server, await createParleyUsers(port, users)), pairs);
    try {
      const seeded = await throughput(mesh, 4, 0, o.seedMs);
      await fixedRate(mesh, o.ratePerSec, 1000); // warm-up, not recorded
      const withoutPurge = await fixedRate(mesh, o.ratePerSec, o.durationMs);
      // Every stored message becomes two days old: the next retention step finds them (one transaction, before the
      // window, while no load runs).
      db.prepare('UPDATE messages SET time = time - ?').run(2 * DAY);
      const aged = old();
      const withPurge = await fixedRate(mesh, o.ratePerSec, o.durationMs);
      const left = old();
      emit({
        benchmark: 'send-during-retention',
        unit: 'ms from send to delivery at a fixed rate, with the retention purge running beside it or not',
        offeredPerSec: o.ratePerSec,
        seededMessages: seeded.delivered,
        agedMessages: aged,
        purgedInWindow: aged - left,
        purgeLeftAfter: left,
        withoutPurge,
        withPurge,
        ratioP99: ratio(withPurge.latency.p99, withoutPurge.latency.p99),
        ratioP50: ratio(withPurge.latency.p50, withoutPurge.latency.p50),
      });
    } finally {
      await mesh.close();
    }
  } finally {
    db.close();
    await server.stop();
  }
}
