import { type ClosedLoopResult, closedLoopGet } from '../lib/http.ts';
import { drain, type Mesh, runTag, Tracker } from '../lib/mesh.ts';

/**
 * Fills the conversation of `mesh.pairs[pair]` with `count` messages, sent one window at a time and
 * each waited for on the receiver's socket, so the history exists before it is read.
 */
export async function seedConversation(mesh: Mesh, pair: number, count: number): Promise<void> {
  const tracker = new Tracker();
  const tag = runTag('seed', mesh.target.name);
  mesh.onDelivery((id, at) => tracker.deliver(id, at));
  for (let i = 0; i < count; i += 1) {
    const id = `${tag}-${i}`;
    tracker.started(id);
    mesh.send(pair, id);
    if (tracker.inFlight >= 16) await drain(tracker);
  }
  await drain(tracker);
  mesh.onDelivery(undefined);
}

/** Open-loop background sends over the other pairs (fire and forget), on a 10 ms tick, until stopped. */
export function backgroundLoad(mesh: Mesh, perSecond: number, skipPair: number): () => void {
  if (perSecond <= 0) return () => undefined;
  let n = 0;
  const tag = runTag('bg', mesh.target.name);
  const started = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) * perSecond) / 1000);
    for (; n < due; n += 1) {
      const pair = n % mesh.pairs.length === skipPair ? (skipPair + 1) % mesh.pairs.length : n % mesh.pairs.length;
      mesh.send(pair, `${tag}-${n}`);
    }
  }, 10);
  return () => clearInterval(timer);
}

/** Newest-page (15) history requests per second, closed loop, while background sends run. */
export async function historyPages(
  mesh: Mesh,
  pair: number,
  o: { concurrency: number; durationMs: number; warmupMs: number; backgroundPerSec: number },
): Promise<ClosedLoopResult> {
  const p = mesh.pairs[pair];
  if (!p) throw new Error(`no pair ${pair}`);
  const { path, headers } = mesh.target.history(p.to, p.from);
  const stop = backgroundLoad(mesh, o.backgroundPerSec, pair);
  try {
    await closedLoopGet(mesh.target.server.port, path, headers, o.concurrency, o.warmupMs);
    return await closedLoopGet(mesh.target.server.port, path, headers, o.concurrency, o.durationMs);
  } finally {
    stop();
  }
}
