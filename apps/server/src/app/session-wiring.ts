import type { FastifyInstance } from 'fastify';
import { LoginThrottle } from '../domain/auth/login-throttle.ts';
import { startSessionSweep } from '../domain/auth/session-actions.ts';
import type { Domain } from '../domain/context.ts';
import type { Clock } from '../domain/ports.ts';
import { createMemoryThrottleStore } from '../throttle/memory-throttle-store.ts';
import { createRedisThrottleStore } from '../throttle/redis-throttle-store.ts';
import type { Config } from './config.ts';

const SWEEP_EVERY_MS = 10 * 60_000;

/** The login throttle's counters: in Redis when REDIS_URL is set, so every node shares them (THR4). */
export function createLoginThrottle(config: Config, clock: Clock, onError: (err: unknown) => void): LoginThrottle {
  const store = config.redisUrl
    ? createRedisThrottleStore(config.redisUrl, { onError, keyPrefix: `${config.redisKeyPrefix}throttle:` })
    : createMemoryThrottleStore(clock);
  return new LoginThrottle(store);
}

/** Deletes expired sessions at start and periodically until the app closes (SES7). */
export function startSessionHousekeeping(app: FastifyInstance, d: Domain, everyMs = SWEEP_EVERY_MS): void {
  const stop = startSessionSweep(d, everyMs, (err) => app.log.warn({ err }, 'session sweep failed'));
  app.addHook('onClose', async () => stop());
}
