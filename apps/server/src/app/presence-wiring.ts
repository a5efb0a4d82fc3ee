import { randomUUID } from 'node:crypto';
import { warmBlockCache } from '../domain/contacts/block-cache.ts';
import type { Domain } from '../domain/context.ts';
import type { PresenceStore } from '../domain/presence/ports.ts';
import { type PresenceTimers, PresenceTracker } from '../domain/presence/tracker.ts';
import { createMemoryPresence } from '../fanout/memory-presence.ts';
import { createRedisPresence } from '../fanout/redis-presence.ts';
import type { App } from '../transport/http/app-type.ts';
import type { UserSockets } from '../transport/ws/user-sockets.ts';
import type { Config } from './config.ts';

export interface PresenceOverrides {
  /** A presence store instead of the configured one (tests share one Redis prefix between two apps). */
  presence?: PresenceStore;
  presenceTimers?: PresenceTimers;
}

const NODE_TTL_SECONDS = 30;

/** The presence store the domain is built with: from the configuration (Redis with REDIS_URL, else memory). */
export async function createPresenceStore(
  app: App,
  config: Config,
  overrides: PresenceOverrides,
): Promise<PresenceStore> {
  const onError = (err: unknown) => app.log.warn({ err }, 'presence');
  return (
    overrides.presence ??
    (config.redisUrl
      ? await createRedisPresence(config.redisUrl, {
          onError,
          keyPrefix: config.redisKeyPrefix,
          nodeTtlSeconds: NODE_TTL_SECONDS,
        })
      : createMemoryPresence())
  );
}

/**
 * Presence (decision 0017): the domain's store, this node's tracker on the push sockets, a heartbeat that
 * keeps the node counted, and a clean leave at shutdown.
 */
export async function wirePresence(
  app: App,
  d: Domain,
  config: Config,
  sockets: UserSockets,
  overrides: PresenceOverrides,
): Promise<void> {
  const onError = (err: unknown) => app.log.warn({ err }, 'presence');
  const store = d.presence;
  // The send path's blocklist copy (decision 0017) loads now, before the first send.
  await warmBlockCache(d);
  const nodeID = randomUUID();
  await store.heartbeat(nodeID);
  const beat = setInterval(() => void store.heartbeat(nodeID).catch(onError), (NODE_TTL_SECONDS * 1000) / 3);
  beat.unref();
  const tracker = new PresenceTracker(d, store, {
    nodeID,
    graceMs: config.presenceGraceMs,
    onError,
    ...(overrides.presenceTimers ? { timers: overrides.presenceTimers } : {}),
  });
  sockets.presence = tracker;
  app.addHook('onClose', async () => {
    clearInterval(beat);
    await tracker.close();
    if (!overrides.presence) await store.close().catch(onError);
  });
}
