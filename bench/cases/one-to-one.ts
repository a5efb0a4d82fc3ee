import { drain, type Mesh, runTag, Tracker } from '../lib/mesh.ts';
import { cpuMicros } from '../lib/proc-cpu.ts';
import { type Latency, latency } from '../lib/stats.ts';

export interface ThroughputResult {
  messagesPerSec: number;
  delivered: number;
  latency: Latency;
  sendErrors: number;
  /** Server CPU (user + system) per delivered message in the measured window, µs: robust to a busy machine. */
  serverCpuUsPerMessage: number;
}

/**
 * Closed-loop send-to-deliver throughput: every pair keeps `window` messages in flight and sends the
 * next one when one is delivered on the receiver's socket. Only deliveries inside the measured window
 * (after `warmupMs`) count.
 */
export async function throughput(mesh: Mesh, window: number, warmupMs: number, durationMs: number) {
  let sending = true;
  let n = 0;
  const tag = runTag('tp', mesh.target.name);
  const nextId = (pair: number) => `${tag}-${pair}-${n++}`;
  const tracker = new Tracker((id) => {
    if (!sending) return;
    const pair = Number(id.slice(tag.length + 1).split('-')[0]);
    const next = nextId(pair);
    tracker.started(next);
    mesh.send(pair, next);
  });
  mesh.onDelivery((id, at) => tracker.deliver(id, at));
  const errorsBefore = mesh.target.errors;
  tracker.recording = false;
  for (let pair = 0; pair < mesh.pairs.length; pair += 1) {
    for (let w = 0; w < window; w += 1) {
      const id = nextId(pair);
      tracker.started(id);
      mesh.send(pair, id);
    }
  }
  await new Promise((r) => setTimeout(r, warmupMs));
  tracker.recording = true;
  const started = performance.now();
  const cpuBefore = cpuMicros(mesh.target.server.pid);
  await new Promise((r) => setTimeout(r, durationMs));
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMicros(mesh.target.server.pid) - cpuBefore;
  tracker.recording = false;
  sending = false;
  await drain(tracker);
  mesh.onDelivery(undefined);
  return {
    messagesPerSec: Math.round(tracker.delivered / seconds),
    delivered: tracker.delivered,
    latency: latency(tracker.latencies),
    sendErrors: mesh.target.errors - errorsBefore,
    serverCpuUsPerMessage: Math.round(cpu / Math.max(1, tracker.delivered)),
  } satisfies ThroughputResult;
}

export interface FixedRateResult {
  offeredPerSec: number;
  sent: number;
  /** Due sends skipped because `maxInFlight` were already waiting: the server could not keep up. */
  shed: number;
  delivered: number;
  latency: Latency;
  /** How late the generator started sends against the schedule (p99, ms): near 0 means open loop held. */
  scheduleLagP99: number;
  sendErrors: number;
}

/**
 * Open-loop latency at a fixed offered rate: message i is due at t0 + i/rate whatever happened to the
 * earlier ones; latency runs from the send call to the frame's arrival on the receiver's socket.
 * A server slower than the rate would queue without end; past one second of messages in flight the
 * due ones are shed (counted), so the run stays bounded and the next case starts on a drained server.
 */
export async function fixedRate(mesh: Mesh, rate: number, durationMs: number): Promise<FixedRateResult> {
  const maxInFlight = rate;
  let shed = 0;
  const total = Math.round((rate * durationMs) / 1000);
  const interval = 1000 / rate;
  const tracker = new Tracker();
  const lags: number[] = [];
  mesh.onDelivery((id, at) => tracker.deliver(id, at));
  const errorsBefore = mesh.target.errors;
  const tag = runTag('fr', mesh.target.name);
  // The load generator's own full collections paused it for 10-18 ms inside windows (seen with a GC observer in
  // it): a full one now, so the next is far past the window and the figure is the server's (npm run bench runs
  // with --expose-gc; without it, nothing).
  globalThis.gc?.();
  const t0 = performance.now();
  let i = 0;
  await new Promise<void>((resolve) => {
    // A timer wakes the generator every millisecond and it sends what fell due since (one or two messages at
    // 2,000/s). It spun on setImmediate before: an object per turn of a loop that never rested, a young-generation
    // collection every 40 ms, and the objects of messages in flight promoted by them, so the generator's own full
    // collections fell inside the windows (bench/README.md, "The generator's own collections").
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - t0) / interval) + 1);
      for (; i < due; i += 1) {
        const now = performance.now();
        lags.push(now - (t0 + i * interval));
        if (tracker.inFlight >= maxInFlight) {
          shed += 1;
          continue;
        }
        const id = `${tag}-${i}`;
        tracker.started(id, now);
        mesh.send(i % mesh.pairs.length, id);
      }
      if (i >= total) resolve();
      else setTimeout(tick, 0);
    };
    tick();
  });
  await drain(tracker, 30_000);
  mesh.onDelivery(undefined);
  return {
    offeredPerSec: rate,
    sent: total - shed,
    shed,
    delivered: tracker.delivered,
    latency: latency(tracker.latencies),
    scheduleLagP99: latency(lags).p99,
    sendErrors: mesh.target.errors - errorsBefore,
  };
}
