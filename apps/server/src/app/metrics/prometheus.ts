import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Meter, Counter as MeterCounter } from '../../domain/metrics/ports.ts';

/** Latency buckets in seconds: the send path's p99 target is 4 ms (GUIDE §6), so the low end is fine-grained. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256, 0.512, 1, 2.5, 5];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];

/** What the node reports at each scrape, read then (never counted on a hot path). */
export interface NodeGauges {
  /** Open TCP connections of the HTTP server, WebSocket ones included (LIM2). */
  openConnections(): Promise<number>;
  /** Open push sockets per user on this node, one entry per user. */
  socketsPerUser(): Iterable<number>;
  /** Bytes queued in this node's push sockets. */
  pushQueueBytes(): number;
  /** Database connections: total, idle and callers waiting for one (SQLite: one connection, busy or not). */
  databasePool(): { size: number; idle: number; waiting: number };
  /** The file system of the data directory: bytes available to the server and its size. */
  dataDisk(): Promise<{ available: number; size: number }>;
}

export interface PrometheusMeter {
  readonly meter: Meter;
  readonly contentType: string;
  /** The exposition: the process's metrics, then this app's. */
  render(): Promise<string>;
  /** Wires the gauges read at scrape time, once the parts they read exist. */
  readGauges(gauges: NodeGauges): void;
}

/**
 * The node's metrics in a registry of its own (several apps may run in one process, as in tests), with prom-client's
 * default process metrics: event-loop lag, GC, heap and resident memory, open file descriptors (MET2, MET20).
 */
export function createPrometheusMeter(): PrometheusMeter {
  const registry = new Registry();
  const registers = [registry];
  const processRegistry = processMetrics();
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name, help, labelNames, registers });
  const histogram = (name: string, help: string, buckets: number[], labelNames: string[] = []) =>
    new Histogram({ name, help, buckets, labelNames, registers });

  const messages = counter('parley_messages_total', 'Messages by what happened to them on this node.', ['outcome']);
  const refused = counter('parley_messages_refused_total', 'Sends refused, by the error catalogue name.', ['reason']);
  const refusedBy = new Map<string, MeterCounter>();
  const latency = histogram(
    'parley_send_latency_seconds',
    'Seconds from a send being accepted to its commit, its ack and its hand-off to the push bus.',
    LATENCY_BUCKETS,
    ['stage'],
  );
  const logins = counter('parley_logins_total', 'Password logins by result.', ['result']);
  const uploads = counter('parley_uploads_total', 'Files uploaded and stored.');
  const uploadBytes = counter('parley_upload_bytes_total', 'Bytes of uploaded files stored (originals).');
  const meter: Meter = {
    messages: {
      accepted: messages.labels('accepted'),
      delivered: messages.labels('delivered'),
      refused: (reason) => {
        let c = refusedBy.get(reason);
        if (!c) {
          c = refused.labels(reason);
          refusedBy.set(reason, c);
        }
        return c;
      },
    },
    sendLatency: { commit: latency.labels('commit'), ack: latency.labels('ack'), push: latency.labels('push') },
    batchSize: histogram('parley_send_batch_size', 'Sends written per group-commit transaction.', BATCH_BUCKETS),
    slowConsumerDisconnects: counter(
      'parley_push_slow_consumer_disconnects_total',
      'Push sockets closed because their send queue was full (1013).',
    ),
    logins: {
      succeeded: logins.labels('success'),
      failed: logins.labels('failure'),
      throttled: logins.labels('throttled'),
    },
    uploads: { files: uploads, bytes: uploadBytes },
    database: {
      query: histogram('parley_db_query_duration_seconds', 'Seconds per database query.', QUERY_BUCKETS),
      errors: counter('parley_db_errors_total', 'Database queries that failed.'),
    },
    busLag: histogram(
      'parley_bus_lag_seconds',
      'Seconds a probe event took through the Redis bus and back to this node.',
      LATENCY_BUCKETS,
    ),
  };
  // Every label value the alerts read exists from the start, so a rate() over it is 0 and not absent.
  for (const outcome of ['accepted', 'delivered']) messages.labels(outcome).inc(0);
  for (const result of ['success', 'failure', 'throttled']) logins.labels(result).inc(0);
  return {
    meter,
    contentType: registry.contentType,
    render: async () => `${await processRegistry.metrics()}${await registry.metrics()}`,
    readGauges: (g) => registerGauges(registry, g),
  };
}

let sharedProcessRegistry: Registry | undefined;

/**
 * prom-client's process metrics, made once per process: each call of collectDefaultMetrics starts an event-loop
 * monitor and a GC observer that are never stopped, and several apps may run in one process (tests).
 */
function processMetrics(): Registry {
  if (sharedProcessRegistry) return sharedProcessRegistry;
  const processRegistry = new Registry();
  sharedProcessRegistry = processRegistry;
  collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  // Gauges named like counters, which promtool rejects (MET5); `nodejs_active_handles` and the others stay.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    processRegistry.removeSingleMetric(name);
  return processRegistry;
}

const SOCKET_BANDS = [
  { label: '1', max: 1 },
  { label: '2', max: 2 },
  { label: '3-5', max: 5 },
  { label: '6-10', max: 10 },
  { label: '11-20', max: 20 },
  { label: '21+', max: Number.POSITIVE_INFINITY },
];

function registerGauges(registry: Registry, g: NodeGauges): void {
  const registers = [registry];
  new Gauge({
    name: 'parley_open_connections',
    help: 'Open TCP connections of this node, push sockets included.',
    registers,
    async collect() {
      this.set(await g.openConnections());
    },
  });
  new Gauge({
    name: 'parley_push_sockets',
    help: 'Open push sockets on this node.',
    registers,
    collect() {
      let n = 0;
      for (const s of g.socketsPerUser()) n += s;
      this.set(n);
    },
  });
  new Gauge({
    name: 'parley_push_users',
    help: 'Users with at least one push socket on this node.',
    registers,
    collect() {
      let n = 0;
      for (const _ of g.socketsPerUser()) n += 1;
      this.set(n);
    },
  });
  new Gauge({
    name: 'parley_push_users_by_sockets',
    help: 'Users on this node by how many push sockets they have open (1, 2, 3-5, 6-10, 11-20, 21+).',
    labelNames: ['sockets'],
    registers,
    collect() {
      const counts = SOCKET_BANDS.map(() => 0);
      for (const n of g.socketsPerUser()) {
        // The last band has no upper bound, so every count finds one.
        const i = SOCKET_BANDS.findIndex((band) => n <= band.max);
        counts[i] = (counts[i] ?? 0) + 1;
      }
      for (const [i, band] of SOCKET_BANDS.entries()) this.labels(band.label).set(counts[i] ?? 0);
    },
  });
  new Gauge({
    name: 'parley_push_queue_bytes',
    help: 'Bytes queued in the push sockets of this node, not yet taken by the kernel.',
    registers,
    collect() {
      this.set(g.pushQueueBytes());
    },
  });
  new Gauge({
    name: 'parley_data_disk_bytes',
    help: 'The file system of the data directory: bytes available to the server and its size.',
    labelNames: ['state'],
    registers,
    async collect() {
      const disk = await g.dataDisk();
      this.labels('available').set(disk.available);
      this.labels('size').set(disk.size);
    },
  });
  new Gauge({
    name: 'parley_db_pool_connections',
    help: 'Database connections of this node by state; `waiting` counts callers waiting for one.',
    labelNames: ['state'],
    registers,
    collect() {
      const p = g.databasePool();
      this.labels('total').set(p.size);
      this.labels('idle').set(p.idle);
      this.labels('waiting').set(p.waiting);
    },
  });
}
