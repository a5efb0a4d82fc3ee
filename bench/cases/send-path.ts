/**
 * Decision 0020 in one run: Parley's two send paths side by side (WebSocket `send` frames and HTTP POST), and
 * the same workload on PostgreSQL beside SQLite (one pair and 50 pairs), each with its ratio.
 */
import { Mesh, type Pair } from '../lib/mesh.ts';
import { scratchDatabase } from '../lib/postgres.ts';
import { freePort, type ServerProcess, startParley } from '../lib/processes.ts';
import { ratio } from '../lib/stats.ts';
import { createParleyUsers, parleyTarget, type Target } from '../lib/targets.ts';
import { fixedRate, throughput } from './one-to-one.ts';

export interface SendPathConfig {
  window: number;
  warmupMs: number;
  durationMs: number;
  ratePerSec: number;
}

type Emit = (line: Record<string, unknown>) => void;

async function measure(target: Target, pairs: readonly Pair[], c: SendPathConfig) {
  const mesh = await Mesh.open(target, pairs);
  try {
    return await throughput(mesh, c.window, c.warmupMs, c.durationMs);
  } finally {
    await mesh.close();
  }
}

/** WebSocket frames against HTTP POST on the same SQLite server, 50 pairs, one after the other. */
export async function sendPathComparison(sqlite: Target, pairs: readonly Pair[], c: SendPathConfig, emit: Emit) {
  const http = sqlite.variant?.('http');
  if (!http) return;
  const ws = await measure(sqlite, pairs, c);
  const viaHttp = await measure(http, pairs, c);
  emit({
    benchmark: 'one-to-one-throughput-send-paths',
    unit: 'messages/s (persisted, send to deliver, closed loop), SQLite',
    pairs: pairs.length,
    webSocketFrames: ws,
    httpPost: viaHttp,
    ratio: ratio(ws.messagesPerSec, viaHttp.messagesPerSec),
  });
}

/** Parley on a PostgreSQL database of its own, created for this run and dropped afterwards. */
async function startPostgresParley(users: readonly string[], repoRoot?: string) {
  const db = await scratchDatabase();
  if (!db) return undefined;
  let server: ServerProcess | undefined;
  try {
    server = await startParley(await freePort(), undefined, { DATABASE_URL: db.url }, [], repoRoot);
    const sigs = await createParleyUsers(server.port, users);
    const target = parleyTarget(server, sigs);
    const stop = async () => {
      await server?.stop();
      await db.drop();
    };
    return { target, stop };
  } catch (err) {
    await server?.stop();
    await db.drop();
    throw err;
  }
}

/**
 * BENCH_PG_BASELINE: a checkout of an earlier Parley (made as for BENCH_CONNECT_BASELINE, bench/README.md) whose
 * PostgreSQL throughput is measured in the same run, right before this one's (`before`, `ratioToBefore`).
 */
async function baselinePostgres(users: readonly string[], pairs: readonly Pair[], c: SendPathConfig) {
  const dir = process.env.BENCH_PG_BASELINE;
  if (!dir) return undefined;
  const earlier = await startPostgresParley(users, dir);
  if (!earlier) return undefined;
  try {
    return {
      pair1: await measure(earlier.target, pairs.slice(0, 1), c),
      pairsAll: await measure(earlier.target, pairs, c),
    };
  } finally {
    await earlier.stop();
  }
}

/** The PostgreSQL lines: throughput for one pair and for all pairs, latency at the target rate, beside SQLite. */
export async function postgresLines(
  sqlite: Target,
  users: readonly string[],
  pairs: readonly Pair[],
  c: SendPathConfig,
  emit: Emit,
) {
  const before = await baselinePostgres(users, pairs, c);
  const pgParley = await startPostgresParley(users);
  if (!pgParley) {
    emit({ benchmark: 'one-to-one-throughput-postgres', skipped: 'no PostgreSQL reachable' });
    return;
  }
  try {
    const one = pairs.slice(0, 1);
    const line = {
      pair1: { sqlite: await measure(sqlite, one, c), postgres: await measure(pgParley.target, one, c) },
      pairsAll: { sqlite: await measure(sqlite, pairs, c), postgres: await measure(pgParley.target, pairs, c) },
    };
    emit({
      benchmark: 'one-to-one-throughput-postgres',
      unit: 'messages/s (persisted, send to deliver, closed loop), WebSocket send frames',
      target: 'PostgreSQL >= 0.5 x SQLite',
      pairs: pairs.length,
      ...line,
      ratioPair1: ratio(line.pair1.postgres.messagesPerSec, line.pair1.sqlite.messagesPerSec),
      ratioPairsAll: ratio(line.pairsAll.postgres.messagesPerSec, line.pairsAll.sqlite.messagesPerSec),
      ...(before
        ? {
            before: {
              ...before,
              ratioPair1: ratio(before.pair1.messagesPerSec, line.pair1.sqlite.messagesPerSec),
              ratioPairsAll: ratio(before.pairsAll.messagesPerSec, line.pairsAll.sqlite.messagesPerSec),
            },
            ratioToBefore: {
              pair1: ratio(line.pair1.postgres.messagesPerSec, before.pair1.messagesPerSec),
              pairsAll: ratio(line.pairsAll.postgres.messagesPerSec, before.pairsAll.messagesPerSec),
            },
          }
        : {}),
    });
    if (process.env.BENCH_ONLY === 'postgres-throughput') return;
    const meshes = { sqlite: await Mesh.open(sqlite, pairs), postgres: await Mesh.open(pgParley.target, pairs) };
    try {
      const lat = {
        sqlite: await fixedRate(meshes.sqlite, c.ratePerSec, c.durationMs),
        postgres: await fixedRate(meshes.postgres, c.ratePerSec, c.durationMs),
      };
      emit({
        benchmark: 'one-to-one-latency-postgres',
        unit: 'ms (send call to frame on the receiver socket, open loop)',
        offeredPerSec: c.ratePerSec,
        ...lat,
        ratioP99: ratio(lat.postgres.latency.p99, lat.sqlite.latency.p99),
      });
    } finally {
      await meshes.sqlite.close();
      await meshes.postgres.close();
    }
  } finally {
    await pgParley.stop();
  }
}
