/** Per-user budgets and socket slots of one node, in this process (the embedded single-node deployment, SHR1). */
import type { BucketShape, SharedLimits } from '../domain/limits/ports.ts';
import { RateLimiter } from '../domain/limits/rate-limiter.ts';
import type { Clock } from '../domain/ports.ts';

export function createMemoryLimits(clock: Clock): SharedLimits {
  // One limiter per bucket shape: each action has its own rate, and a key names the action and the user.
  const limiters = new Map<string, RateLimiter>();
  const limiter = ({ ratePerSecond, burst }: BucketShape) => {
    const shape = `${ratePerSecond}/${burst}`;
    let l = limiters.get(shape);
    if (!l) {
      l = new RateLimiter(ratePerSecond, burst, clock);
      limiters.set(shape, l);
    }
    return l;
  };
  const held = new Map<string, Set<string>>();
  return {
    budgets: {
      async take(key, shape, cost) {
        return limiter(shape).take(key, cost);
      },
    },
    slots: {
      async claim(userID, socketID, max) {
        const mine = held.get(userID) ?? new Set<string>();
        if (mine.size >= max) return false;
        mine.add(socketID);
        held.set(userID, mine);
        return true;
      },
      async release(userID, socketID) {
        const mine = held.get(userID);
        if (mine?.delete(socketID) && mine.size === 0) held.delete(userID);
      },
    },
    async close() {
      held.clear();
      limiters.clear();
    },
  };
}
