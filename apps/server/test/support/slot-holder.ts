/**
 * A node that holds two of amy's socket slots in Redis and then waits to be killed (shared-limits.test.ts, SHR8):
 * its key is never deleted, so the slots go only when the key expires.
 */
import { createRedisLimits } from '../../src/limits/redis-limits.ts';

const limits = await createRedisLimits(
  process.env.SLOT_REDIS ?? '',
  { now: () => 0 },
  {
    keyPrefix: process.env.SLOT_PREFIX ?? '',
    nodeTtlMs: Number(process.env.SLOT_TTL_MS),
  },
);
const held = [await limits.slots.claim('amy', 'a', 2), await limits.slots.claim('amy', 'b', 2)];
process.stdout.write(held.every(Boolean) ? 'held\n' : 'refused\n');
setInterval(() => undefined, 60_000);
