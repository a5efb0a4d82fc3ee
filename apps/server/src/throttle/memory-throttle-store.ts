/** Login-throttle counters of a single node, in memory and bounded in keys (THR1-THR7, ABU33-ABU35). */
import type { ThrottleStore } from '../domain/auth/throttle-store.ts';
import type { Clock } from '../domain/ports.ts';

const MAX_KEYS = 100_000;

/**
 * One node's counters. Bounded: past `maxKeys` the expired ones go, then (under a flood of fresh keys) the
 * least-used quarter. Clearing everything instead would let a flood from a few hundred addresses wipe every
 * lock-out once a minute (THR7): a key at its limit outlives the keys that flood it.
 */
export function createMemoryThrottleStore(clock: Clock, maxKeys = MAX_KEYS): ThrottleStore {
  const counters = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const c = counters.get(key);
    if (c && c.until <= clock.now()) {
      counters.delete(key);
      return undefined;
    }
    return c;
  };
  const prune = () => {
    if (counters.size < maxKeys) return;
    for (const key of counters.keys()) live(key);
    if (counters.size < maxKeys) return;
    const leastUsed = [...counters].sort((a, b) => a[1].count - b[1].count).slice(0, Math.ceil(maxKeys / 4));
    for (const [key] of leastUsed) counters.delete(key);
  };
  return {
    async hit(keys, windowMs) {
      prune();
      return keys.map((key) => {
        const c = live(key) ?? { count: 0, until: clock.now() + windowMs };
        c.count += 1;
        counters.set(key, c);
        return c.count;
      });
    },
    async undo(keys) {
      for (const key of keys) {
        const c = live(key);
        if (c && c.count > 0) c.count -= 1;
      }
    },
    async peek(keys) {
      return keys.map((key) => live(key)?.count ?? 0);
    },
    async reset(keys) {
      for (const key of keys) counters.delete(key);
    },
    async close() {
      counters.clear();
    },
  };
}
