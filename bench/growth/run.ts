/**
 * Growth lines (decision 0020): send throughput, history page and conversation list at growing database sizes,
 * each with its ratio to the figure at the smallest size, on SQLite and PostgreSQL; and the bytes stored per
 * 100-byte text message. Each size has a database of its own, filled through the storage port
 * (bench/growth/store.ts). In-process (no HTTP): it measures what grows, the queries.
 *
 *   BENCH_GROWTH=1 npm run bench                 # after the other lines
 *   cd bench && node --import tsx growth/run.ts  # alone
 * BENCH_GROWTH_SIZES (default 10000,100000,1000000), BENCH_GROWTH_BACKENDS (default sqlite,postgres),
 * BENCH_GROWTH_CONVERSATIONS (default 10000), BENCH_GROWTH_MS (default 2000 per sample), BENCH_GROWTH_ROUNDS
 * (default 3, the median is reported), DATABASE_URL for PostgreSQL.
 */
import { round } from '../lib/stats.ts';
import { conversationLists, historyPages, perSec, sendThroughput, storedBytes } from './measure.ts';
import { type Backend, type GrowthStore, createConversations, grow, openGrowthStore } from './store.ts';

type Emit = (line: Record<string, unknown>) => void;

const env = process.env;
const SIZES = (env.BENCH_GROWTH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const BACKENDS = (env.BENCH_GROWTH_BACKENDS ?? 'sqlite,postgres').split(',') as Backend[];
const CONVERSATIONS = Number(env.BENCH_GROWTH_CONVERSATIONS ?? 10_000);
const MS = Number(env.BENCH_GROWTH_MS ?? 2000);
const PG_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Measure = (s: GrowthStore, ms: number) => Promise<number>;
const METRICS: readonly (readonly [string, string, Measure])[] = [
  ['growth-send', 'messages/s (sendMessage in process, 4 in flight)', (s, ms) => sendThroughput(s, CONVERSATIONS, ms)],
  ['growth-history-page', 'pages/s (newest 15 of the deep conversation, 4 in flight)', (s, ms) => historyPages(s, ms)],
  [
    'growth-conversation-list',
    `lists/s (all ${CONVERSATIONS} conversations of one user)`,
    (s, ms) => conversationLists(s, ms),
  ],
];

const ROUNDS = Number(env.BENCH_GROWTH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

interface Sized {
  size: number;
  store: GrowthStore;
  generateSeconds: number;
}

/** One store per size, each grown from empty through the storage port. */
async function buildStores(
  backend: Backend,
): Promise<{ stores: Sized[]; disk: { messages: number; bytes: number }[] }> {
  const stores: Sized[] = [];
  const disk: { messages: number; bytes: number }[] = [];
  for (const size of SIZES) {
    const store = await openGrowthStore(backend, PG_URL);
    stores.push({ size, store, generateSeconds: 0 });
    const t = performance.now();
    await createConversations(store, CONVERSATIONS);
    await grow(store, 0, size, CONVERSATIONS, backend === 'postgres' ? 8 : 1);
    (stores.at(-1) as Sized).generateSeconds = round((performance.now() - t) / 1000, 1);
    disk.push({ messages: size, bytes: await storedBytes(store) });
    process.stderr.write(
      `growth: ${backend} ${size} messages generated in ${(stores.at(-1) as Sized).generateSeconds} s\n`,
    );
  }
  return { stores, disk };
}

/**
 * The sizes are measured in turn, `ROUNDS` times, and each figure is the median of its rounds: on a shared
 * machine a burst of load then hits every size alike instead of one. The first pass warms the code up.
 */
async function backendLines(backend: Backend, emit: Emit): Promise<void> {
  const { stores, disk } = await buildStores(backend);
  try {
    const samples = new Map<string, number[]>();
    for (const [, , fn] of METRICS) await fn(stores[0]?.store as GrowthStore, MS / 2);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const { size, store } of stores) {
        for (const [benchmark, , fn] of METRICS) {
          const key = `${benchmark}@${size}`;
          samples.set(key, [...(samples.get(key) ?? []), await fn(store, MS)]);
        }
      }
    }
    for (const [benchmark, unit] of METRICS) {
      const first = median(samples.get(`${benchmark}@${SIZES[0]}`) ?? []);
      for (const { size, generateSeconds } of stores) {
        const figure = median(samples.get(`${benchmark}@${size}`) ?? []);
        emit({
          benchmark,
          unit,
          backend,
          storedMessages: size,
          conversations: CONVERSATIONS,
          perSec: perSec(figure),
          ratioToFirst: round(figure / first, 3),
          target: 'ratioToFirst >= 0.8',
          rounds: ROUNDS,
          generateSeconds,
        });
      }
    }
    emitDisk(backend, disk, emit);
  } finally {
    for (const { store } of stores) await store.close();
  }
}

/** Bytes per message between the smallest and the largest size (the fixed part of the database cancels out). */
function emitDisk(backend: Backend, disk: { messages: number; bytes: number }[], emit: Emit): void {
  const a = disk[0];
  const b = disk.at(-1);
  if (!a || !b || b.messages === a.messages) return;
  emit({
    benchmark: 'disk-bytes-per-message',
    unit: 'bytes stored per 100-byte text message (all tables and indexes)',
    backend,
    from: a,
    to: b,
    bytesPerMessage: round((b.bytes - a.bytes) / (b.messages - a.messages), 0),
  });
}

export async function growthBench(emit: Emit): Promise<void> {
  for (const backend of BACKENDS) await backendLines(backend, emit);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await growthBench((line) => process.stdout.write(`${JSON.stringify(line)}\n`));
}
