/** The soak's mix and what it reports (soak.ts; bench/README.md, "Soak"). */

export interface SoakOptions {
  minutes: number;
  /** 1: one node on SQLite; 2: two nodes on PostgreSQL and Redis (clients alternate between them). */
  nodes: 1 | 2;
  pairs: number;
  groupSizes: number[];
  /** Messages per second: all one-to-one pairs together, and each group by its size. */
  pairRate: number;
  groupRates: number[];
  reactionsPerSecond: number;
  readReceiptsPerSecond: number;
  statusChangesPerSecond: number;
  /** Sockets cut per second, each of a random client. */
  cutsPerSecond: number;
  uploadsPerMinute: number;
  /** How often RSS, disk and the last period's send p99 are sampled. */
  sampleSeconds: number;
  redisUrl: string;
  log: (line: string) => void;
}

export const DEFAULTS: SoakOptions = {
  minutes: 60,
  nodes: 1,
  pairs: 20,
  groupSizes: [10, 100, 1000],
  pairRate: 40,
  groupRates: [4, 1, 0.25],
  reactionsPerSecond: 2,
  readReceiptsPerSecond: 2,
  statusChangesPerSecond: 1,
  cutsPerSecond: 0.5,
  uploadsPerMinute: 6,
  sampleSeconds: 60,
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  log: (line) => process.stderr.write(`${line}\n`),
};

export interface SoakResult {
  soak: string;
  minutes: number;
  nodes: number;
  users: number;
  sent: number;
  failedSends: number;
  expectedDeliveries: number;
  received: number;
  lost: number;
  duplicated: number;
  unexpected: number;
  uploads: { sent: number; verified: number; mismatched: number };
  reactions: { ok: number; failed: number };
  readReceipts: { ok: number; failed: number };
  statusChanges: { ok: number; failed: number };
  socketsCut: number;
  samples: { atMinute: number; rssMB: number[]; diskMB: number; sendP99Ms: number; sends: number }[];
  examples: string[];
}
