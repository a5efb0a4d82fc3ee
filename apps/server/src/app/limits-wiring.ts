import type { SharedLimits } from '../domain/limits/ports.ts';
import type { Clock } from '../domain/ports.ts';
import { createMemoryLimits } from '../limits/memory-limits.ts';
import { createRedisLimits } from '../limits/redis-limits.ts';
import type { Config } from './config.ts';

/**
 * The per-user budgets and socket slots (decision 0045): in Redis under the node set's prefix when REDIS_URL is set,
 * so every node counts one budget per user (SHR1–SHR10); in this process otherwise.
 */
export function createSharedLimits(
  config: Config,
  clock: Clock,
  onError: (err: unknown) => void,
): Promise<SharedLimits> | SharedLimits {
  return config.redisUrl
    ? createRedisLimits(config.redisUrl, clock, { keyPrefix: config.redisKeyPrefix, onError })
    : createMemoryLimits(clock);
}
