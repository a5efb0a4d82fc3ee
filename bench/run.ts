/**
 * `npm run bench`: one JSON line per benchmark, each figure with its ratio to a bare `ws` relay
 * (no auth, no validation, no storage; relay/bare-relay.ts) measured in the same run (GUIDE §6).
 * The servers run on core 0, this load generator on core 1 (taskset). It reports; it asserts nothing.
 * BENCH_DURATION_MS (default 5000) sets the length of each measured window.
 */
import { type ConnectResult, connectMany } from './cases/connect.ts';
import { historyPages, seedConversation } from './cases/history-page.ts';
import { profileReads } from './cases/http-profile-read.ts';
import { fixedRate, throughput } from './cases/one-to-one.ts';
import { commitTail } from './cases/commit-tail.ts';
import { groupFanout } from './cases/group-fanout.ts';
import { postgresLines, sendPathComparison } from './cases/send-path.ts';
import { twoNodeLines } from './cases/two-nodes.ts';
// Presence fan-out (decision 0017)
import { presenceFanout } from './cases/presence-fanout.ts';
// Uploads (decision 0016)
import { uploadLines } from './cases/uploads.ts';
// Message retention (decision 0047)
import { retentionLine } from './cases/retention.ts';
import { hasTaskset, pinSelf } from './lib/cpu.ts';
import { Mesh, type Pair } from './lib/mesh.ts';
import { freePort, type ServerProcess, startBareRelay, startParley, whilePaused } from './lib/processes.ts';
import { ratio } from './lib/stats.ts';
import { createParleyUsers, parleyTarget, relayTarget, type Target } from './lib/targets.ts';

// Exit through process.exit so the 'exit' hooks stop the servers this run started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const WINDOW_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
/** BENCH_ONLY=connect: the connect lines alone (with BENCH_CONNECT_BASELINE, a quick before/after). */
const ONLY_CONNECT = process.env.BENCH_ONLY === 'connect';
/** BENCH_ONLY=two-nodes: the several-nodes line alone. */
const ONLY_TWO_NODES = process.env.BENCH_ONLY === 'two-nodes';
/** BENCH_ONLY=group-fanout: the group fan-out line alone (decision 0012). */
const ONLY_FANOUT = process.env.BENCH_ONLY === 'group-fanout';
/** BENCH_ONLY=presence: the presence fan-out line alone (decision 0017). */
const ONLY_PRESENCE = process.env.BENCH_ONLY === 'presence';
/** BENCH_ONLY=uploads: the upload lines alone (decision 0016). */
const ONLY_UPLOADS = process.env.BENCH_ONLY === 'uploads';
/** BENCH_ONLY=web-call: the browser call set-up line alone (web-call-setup, decision 0039). */
const ONLY_WEB_CALL = process.env.BENCH_ONLY === 'web-call';
const UPLOADS = { durationMs: WINDOW_MS, concurrency: 4, largeMB: Number(process.env.BENCH_LARGE_UPLOAD_MB ?? 500) };
/** BENCH_ONLY=postgres: the PostgreSQL lines alone (postgres-throughput: without the latency line). */
const ONLY_POSTGRES = process.env.BENCH_ONLY?.startsWith('postgres') === true;
/** BENCH_ONLY=messaging: the one-to-one throughput and latency lines alone. */
const ONLY_MESSAGING = process.env.BENCH_ONLY === 'messaging';
/** BENCH_ONLY=retention: the send path's p99 beside a retention purge (decision 0047) alone. */
const ONLY_RETENTION = process.env.BENCH_ONLY === 'retention';
const RETENTION = {
  durationMs: WINDOW_MS,
  seedMs: Number(process.env.BENCH_RETENTION_SEED_MS ?? 8000),
  // The offered rate; 2,000/s (the latency target's) unless set, e.g. lower on a machine others are loading.
  ratePerSec: Number(process.env.BENCH_RETENTION_RATE ?? 2000),
};
const CFG = {
  users: 1000,
  connectConcurrency: 50,
  pairs: 50,
  window: 4,
  warmupMs: 1000,
  durationMs: WINDOW_MS,
  ratePerSec: 2000,
  historySeed: 300,
  historyBackgroundPerSec: 200,
  httpConcurrency: 32,
  httpDurationMs: Math.round(WINDOW_MS * 0.6),
};
const SEND_PATH = { parley: 'WebSocket send frame, ack after commit', bareRelay: 'WebSocket frame' };

const emit = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ ...line, pinned: hasTaskset })}\n`);
const users = Array.from({ length: CFG.users }, (_, i) => `u${String(i).padStart(4, '0')}`);
const pairs: Pair[] = Array.from({ length: CFG.pairs }, (_, i) => ({
  from: users[i] as string,
  to: users[i + CFG.pairs] as string,
}));

interface Both<T> {
  bareRelay: T;
  parley: T;
}

/** A Target, or a Mesh of sockets on one. */
type Subject = Target | { readonly target: Target };
const serverOf = (s: Subject): ServerProcess => ('target' in s ? s.target.server : s.server);

/**
 * The same workload on the relay, then on Parley, one after the other in this run, each with the other's server
 * stopped meanwhile: both are pinned to the server core (whilePaused says why).
 */
async function both<T, S extends Subject>(subjects: Both<S>, fn: (s: S) => Promise<T>): Promise<Both<T>> {
  const bareRelay = await whilePaused(serverOf(subjects.parley), () => fn(subjects.bareRelay));
  const parley = await whilePaused(serverOf(subjects.bareRelay), () => fn(subjects.parley));
  return { bareRelay, parley };
}

/**
 * BENCH_CONNECT_BASELINE: a checkout of an earlier Parley (with node_modules) measured in the same run, right
 * before this one, so the upgrade path's change is a ratio of one run (bench/README.md says how to make one).
 */
async function baselineConnect(servers: ServerProcess[]): Promise<ConnectResult | undefined> {
  const dir = process.env.BENCH_CONNECT_BASELINE;
  if (!dir) return undefined;
  const parley = await freshParley(servers, dir);
  try {
    return await connectMany(parley, users, CFG.connectConcurrency);
  } finally {
    await parley.server.stop();
  }
}

/** Passes of `connectMany` on one process before the measured steady-state pass (JIT compiled, caches warm). */
const CONNECT_WARMUP_PASSES = 2;
/** Closed sockets' server-side work (unsubscribes, presence grace) done before the next pass starts. */
const CONNECT_PASS_GAP_MS = 1500;

/** The same users connecting again on a process that has served connects before: a running node's rate. */
async function warmConnects(t: Target): Promise<ConnectResult> {
  for (let i = 0; i < CONNECT_WARMUP_PASSES; i += 1) {
    await new Promise((r) => setTimeout(r, CONNECT_PASS_GAP_MS));
    await connectMany(t, users, CFG.connectConcurrency);
  }
  await new Promise((r) => setTimeout(r, CONNECT_PASS_GAP_MS));
  return connectMany(t, users, CFG.connectConcurrency);
}

/**
 * Connect + authenticate (GUIDE §6) is the rate a running node sustains: `warm`, the fourth pass of the same 1,000
 * users on one process, is what the target is read from. `coldStart` is the first pass of a new process, V8 still
 * compiling the path: what a node just restarted offers (bench/README.md, "Connects: cold and warm").
 */
async function connectCases(targets: Both<Target>, before: ConnectResult | undefined): Promise<void> {
  const r = await both(targets, (t) => connectMany(t, users, CFG.connectConcurrency));
  const warm = await both(targets, warmConnects);
  emit({
    benchmark: 'connect-authenticate',
    unit: 'connections/s (upgrade + auth + hello)',
    target: '>= 2500 (warm: a running node)',
    concurrency: CFG.connectConcurrency,
    warm: { ...warm, ratio: ratio(warm.parley.connectsPerSec, warm.bareRelay.connectsPerSec) },
    coldStart: { ...r, ratio: ratio(r.parley.connectsPerSec, r.bareRelay.connectsPerSec) },
    ratio: ratio(warm.parley.connectsPerSec, warm.bareRelay.connectsPerSec),
    ...(before
      ? {
          before: { parley: before, ratio: ratio(before.connectsPerSec, r.bareRelay.connectsPerSec) },
          ratioToBefore: ratio(r.parley.connectsPerSec, before.connectsPerSec),
        }
      : {}),
  });
  emit({
    benchmark: 'idle-connection-memory',
    unit: 'KB per idle connection (server VmRSS delta / connections)',
    target: '<= 20',
    connections: CFG.users,
    parley: r.parley.kbPerIdleConnection,
    bareRelay: r.bareRelay.kbPerIdleConnection,
    ratio: ratio(r.parley.kbPerIdleConnection, r.bareRelay.kbPerIdleConnection),
  });
}

async function messagingCases(meshes: Both<Mesh>): Promise<void> {
  const tp = await both(meshes, (m) => throughput(m, CFG.window, CFG.warmupMs, CFG.durationMs));
  emit({
    benchmark: 'one-to-one-throughput',
    unit: 'messages/s (persisted, send to deliver, closed loop)',
    target: '>= 10000',
    pairs: CFG.pairs,
    windowPerPair: CFG.window,
    durationMs: CFG.durationMs,
    sendPath: SEND_PATH,
    ...tp,
    ratio: ratio(tp.parley.messagesPerSec, tp.bareRelay.messagesPerSec),
  });
  // Latency at 2,000/s is the target; at half of Parley's measured throughput it shows the path's cost
  // without the queueing of an overloaded server.
  const halfCapacity = Math.max(50, Math.round(tp.parley.messagesPerSec / 100) * 50);
  for (const [benchmark, rate] of [
    ['one-to-one-latency', CFG.ratePerSec],
    ['one-to-one-latency-half-capacity', halfCapacity],
  ] as const) {
    // One unrecorded second at the same rate first: the line measures the steady state at that rate, not the
    // server settling after the closed-loop line before it (its WAL checkpoints and GC catching up).
    const fr = await both(meshes, async (m) => {
      await fixedRate(m, rate, CFG.warmupMs);
      return fixedRate(m, rate, CFG.durationMs);
    });
    emit({
      benchmark,
      unit: 'ms (send call to frame on the receiver socket, open loop)',
      target: rate === CFG.ratePerSec ? 'p99 <= 4' : 'context: half of the measured Parley throughput',
      offeredPerSec: rate,
      durationMs: CFG.durationMs,
      sendPath: SEND_PATH,
      ...fr,
      ratioP50: ratio(fr.parley.latency.p50, fr.bareRelay.latency.p50),
      ratioP99: ratio(fr.parley.latency.p99, fr.bareRelay.latency.p99),
    });
  }
}

async function readCases(meshes: Both<Mesh>): Promise<void> {
  const base = { concurrency: CFG.httpConcurrency, durationMs: CFG.httpDurationMs, warmupMs: 500 };
  await both(meshes, async (m) => seedConversation(m, 0, CFG.historySeed));
  const quiet = await both(meshes, (m) => historyPages(m, 0, { ...base, backgroundPerSec: 0 }));
  const loaded = await both(meshes, (m) =>
    historyPages(m, 0, { ...base, backgroundPerSec: CFG.historyBackgroundPerSec }),
  );
  emit({
    benchmark: 'history-page',
    unit: 'pages/s (newest 15 messages, closed loop)',
    target: '>= 5000 under background load',
    concurrency: base.concurrency,
    backgroundSendsPerSec: CFG.historyBackgroundPerSec,
    ...loaded,
    ratio: ratio(loaded.parley.rps, loaded.bareRelay.rps),
    withoutBackground: { ...quiet, ratio: ratio(quiet.parley.rps, quiet.bareRelay.rps) },
  });
  const p = await both({ bareRelay: meshes.bareRelay.target, parley: meshes.parley.target }, (t) =>
    profileReads(t, users[0] as string, base),
  );
  emit({
    benchmark: 'http-profile-read',
    unit: 'requests/s (authenticated GET vs a fixed JSON answer)',
    concurrency: base.concurrency,
    durationMs: base.durationMs,
    parley: p.parley,
    bareNodeHttp: p.bareRelay,
    ratio: ratio(p.parley.rps, p.bareRelay.rps),
  });
}

async function fanoutCase(targets: Both<Target>): Promise<void> {
  const o = { window: 8, warmupMs: CFG.warmupMs, durationMs: CFG.durationMs };
  const r = await groupFanout(targets, users, o);
  emit({
    benchmark: 'group-fanout',
    unit: 'deliveries/s to a room of 1,000 (one sender, 8 messages in flight, each done when all got it)',
    target: '>= 100000 and >= 0.5 x relay; p99 <= 25 ms at 20000 deliveries/s',
    members: users.length,
    sendPath: {
      parley: 'send frame to a Public group, stored once, one publish to the group topic',
      bareRelay: 'frame written to every socket of the room',
    },
    ...r,
    ratio: ratio(r.parley.deliveriesPerSec, r.bareRelay.deliveriesPerSec),
    ratioP99: ratio(r.parley.latencyAt20k.p99, r.bareRelay.latencyAt20k.p99),
  });
}

/** Parley with the accounts created, restarted so its memory readings start from a fresh process. */
async function freshParley(servers: ServerProcess[], repoRoot?: string): Promise<Target> {
  const port = await freePort();
  const setup = await startParley(port, undefined, {}, [], repoRoot);
  const sigs = await createParleyUsers(port, users);
  await setup.stop(true);
  const parley = await startParley(port, setup.dataDir, {}, [], repoRoot);
  servers.push(parley);
  return parleyTarget(parley, sigs);
}

/** Presence fan-out (decision 0017): status updates delivered per second, beside the relay's same fan-out. */
async function presenceCase(): Promise<void> {
  const o = { targets: 1000, watchers: 50, perWatcher: 200, concurrency: 20, durationMs: CFG.durationMs };
  const r = await presenceFanout(o);
  emit({
    benchmark: 'presence-fanout',
    unit: 'status updates delivered/s to subscribers (1,000 users connect and disconnect, 10 subscribers each)',
    targets: o.targets,
    subscribersPerTarget: (o.watchers * o.perWatcher) / o.targets,
    concurrency: o.concurrency,
    ...r,
    ratio: ratio(r.parley.updatesPerSec, r.bareRelay.updatesPerSec),
  });
}

async function main(): Promise<void> {
  pinSelf();
  if (ONLY_TWO_NODES) return twoNodeLines(users, pairs, CFG, emit);
  if (ONLY_PRESENCE) return presenceCase();
  if (ONLY_UPLOADS) return uploadLines(emit, UPLOADS);
  if (ONLY_RETENTION) return retentionLine(pairs, RETENTION, emit);
  const servers: ServerProcess[] = [];
  const meshes: Mesh[] = [];
  try {
    const relay = await startBareRelay(await freePort());
    servers.push(relay);
    const before = await baselineConnect(servers);
    const targets = { bareRelay: relayTarget(relay), parley: await freshParley(servers) };
    if (ONLY_POSTGRES) return await postgresLines(targets.parley, users, pairs, CFG, emit);
    if (!ONLY_FANOUT && !ONLY_MESSAGING) await connectCases(targets, before);
    if (ONLY_CONNECT) return;
    if (!ONLY_MESSAGING) await fanoutCase(targets);
    if (ONLY_FANOUT) return;
    const opened = {
      bareRelay: await Mesh.open(targets.bareRelay, pairs),
      parley: await Mesh.open(targets.parley, pairs),
    };
    meshes.push(opened.bareRelay, opened.parley);
    await messagingCases(opened);
    if (ONLY_MESSAGING) return;
    await readCases(opened);
    // Closed first: sockets left open would receive these cases' pushes too and cost the server.
    for (const m of meshes.splice(0)) await m.close();
    await sendPathComparison(targets.parley, pairs, CFG, emit);
    if (process.env.BENCH_SKIP_POSTGRES !== '1') {
      await postgresLines(targets.parley, users, pairs, CFG, emit);
      await twoNodeLines(users, pairs, CFG, emit);
    }
    await commitTail(emit);
    await presenceCase();
    await uploadLines(emit, UPLOADS);
    await retentionLine(pairs, RETENTION, emit);
  } finally {
    for (const m of meshes) await m.close();
    for (const s of servers) await s.stop();
  }
}

if (!ONLY_WEB_CALL) await main();
// Browser figures of the chat (bench/browser): production build, headless Chromium, a server of their own.
// Imported only then: Playwright's bundles are about 20 MB of source strings that every full collection of the load
// generator would otherwise mark.
if (process.env.BENCH_SKIP_BROWSER !== '1' && !process.env.BENCH_ONLY) {
  await (await import('./browser/web-chat.ts')).browserBench(emit);
  // Calls (decision 0039): invite to media flowing both ways.
  await (await import('./browser/web-call.ts')).callBench(emit);
}
if (ONLY_WEB_CALL) await (await import('./browser/web-call.ts')).callBench(emit);
// Growth and disk lines (bench/growth, decision 0020): long (minutes, the 1M databases), so only when asked.
if (process.env.BENCH_GROWTH === '1') await (await import('./growth/run.ts')).growthBench(emit);
