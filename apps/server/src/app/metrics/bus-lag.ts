import { randomBytes } from 'node:crypto';
import type { BusMessage, EventBus } from '../../domain/bus.ts';
import type { Histogram } from '../../domain/metrics/ports.ts';

/** How often a node sends itself a probe through the bus. */
export const BUS_PROBE_MS = 5_000;

/**
 * The Redis bus's lag (MET12): every few seconds the node publishes a probe on a topic only it subscribes to and
 * observes how long the probe took to come back through Redis. Same clock at both ends, so no skew. Returns stop.
 */
export async function watchBusLag(
  bus: EventBus<BusMessage>,
  lag: Histogram,
  periodMs = BUS_PROBE_MS,
): Promise<() => Promise<void>> {
  const topic = `metrics:lag:${randomBytes(8).toString('hex')}`;
  const unsubscribe = await bus.subscribe(topic, (event) => {
    const sentAt = event.sentAt;
    if (typeof sentAt === 'number') lag.observe((Date.now() - sentAt) / 1000);
  });
  const timer = setInterval(() => {
    bus.publish(topic, { type: 'metrics.probe', sentAt: Date.now() }).catch(() => undefined);
  }, periodMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await unsubscribe().catch(() => undefined);
  };
}
