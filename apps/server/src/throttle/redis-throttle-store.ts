import { Redis } from 'ioredis';
import type { ThrottleStore } from '../domain/auth/throttle-store.ts';

// INCR and the expiry of a new key in one step, so a key can never be left without an expiry.
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
// DECR only a live key above zero: an expired key must not come back as -1 without an expiry.
const UNDO = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export interface RedisThrottleOptions {
  /** Key prefix, so deployments (and test runs) sharing one Redis keep their counters apart. */
  keyPrefix?: string;
  onError?: (err: unknown) => void;
}

/** Counters shared by every node (THR4). Each key's step is atomic on the Redis server. */
export function createRedisThrottleStore(url: string, options: RedisThrottleOptions = {}): ThrottleStore {
  const prefix = options.keyPrefix ?? 'parley:throttle:';
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', (err) => options.onError?.(err));
  const eachKey = (keys: readonly string[], script: string, arg: string) =>
    Promise.all(keys.map((key) => redis.eval(script, 1, prefix + key, arg)));
  return {
    async hit(keys, windowMs) {
      return (await eachKey(keys, HIT, String(windowMs))).map(Number);
    },
    async undo(keys) {
      await eachKey(keys, UNDO, '');
    },
    async peek(keys) {
      if (keys.length === 0) return [];
      return (await redis.mget(...keys.map((k) => prefix + k))).map((v) => Number(v ?? 0));
    },
    async reset(keys) {
      if (keys.length > 0) await redis.del(...keys.map((k) => prefix + k));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
