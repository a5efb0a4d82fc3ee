import type { LiveNode, LiveView } from '@parley/protocol';
import type { BusEvent, Clock, EventBus } from '../ports.ts';

/** ADM35: the bus topic of the nodes' live figures; no socket subscribes to it. */
export const LIVE_TOPIC = 'admin:live';

export interface Live {
  view(): LiveView;
  stop(): Promise<void>;
}

/**
 * ADM35: every node publishes its figures every `intervalMs` and keeps every node's latest, so any node answers the
 * console's live page for all of them. A node silent for three intervals is left out (stopped or cut off).
 */
export async function startLive(
  bus: EventBus,
  clock: Clock,
  node: string,
  read: () => Promise<Omit<LiveNode, 'node' | 'at'>>,
  intervalMs: number,
  onError: (err: unknown) => void,
): Promise<Live> {
  const latest = new Map<string, LiveNode>();
  const unsubscribe = await bus.subscribe(LIVE_TOPIC, (event: BusEvent) => {
    if (event.type !== 'live.stats') return;
    const { type: _type, ...stats } = event;
    latest.set(stats.node, stats);
  });
  const tick = async () => {
    const stats = { type: 'live.stats' as const, node, at: clock.now(), ...(await read()) };
    latest.set(node, {
      node,
      at: stats.at,
      sockets: stats.sockets,
      users: stats.users,
      accepted: stats.accepted,
      delivered: stats.delivered,
    });
    await bus.publish(LIVE_TOPIC, stats);
  };
  const run = () => void tick().catch(onError);
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    view() {
      const since = clock.now() - 3 * intervalMs;
      const nodes = [...latest.values()].filter((n) => n.at >= since).sort((a, b) => a.node.localeCompare(b.node));
      return { nodes, intervalMs };
    },
    async stop() {
      clearInterval(timer);
      await unsubscribe();
    },
  };
}
