/**
 * Per-user budgets and socket slots shared by every node through Redis (decision 0045, SHR2–SHR12). Each step is one
 * Lua script, atomic on the Redis server, so two nodes taking from one user's budget at once cannot both spend its
 * last token. When Redis does not answer, each node counts on its own until it does (SHR11).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { SharedLimits } from '../domain/limits/ports.ts';
import type { Clock } from '../domain/ports.ts';
import { createMemoryLimits } from './memory-limits.ts';

/**
 * A token bucket (SHR2). KEYS: the bucket. ARGV: rate per second, burst, cost, now (ms). The bucket never refills
 * backwards when a node's clock lags another's; it expires once it would be full again, as a new one would be.
 */
const TAKE = `local rate, burst, cost, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local b = redis.call('HMGET', KEYS[1], 't', 'a')
local tokens, at = tonumber(b[1]), tonumber(b[2])
if tokens == nil or at == nil then tokens, at = burst, now end
if now > at then tokens = math.min(burst, tokens + (now - at) * rate / 1000); at = now end
local wait = 0
if tokens >= cost then tokens = tokens - cost
else wait = math.max(1, math.ceil((math.min(cost, burst) - tokens) / rate * 1000)) end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'a', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return wait`;

/**
 * A socket slot (SHR6, SHR7). KEYS: the user's slots (field: node and socket, value: node). ARGV: field, node ID,
 * max, node key prefix. A slot counts only while its node's key lives; dead ones are dropped here.
 */
const CLAIM = `local n = 0
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  if redis.call('EXISTS', ARGV[4] .. all[i + 1]) == 1 then n = n + 1 else redis.call('HDEL', KEYS[1], all[i]) end
end
if n >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;

export interface RedisLimitsOptions {
  /** The node set's key prefix (PARLEY_REDIS_PREFIX): deployments and test runs sharing one Redis stay apart. */
  readonly keyPrefix?: string;
  /** A node whose key is not refreshed for this long no longer holds slots (SHR8); refreshed every third of it. */
  readonly nodeTtlMs?: number;
  readonly onError?: (err: unknown) => void;
}

type Scripted = Redis & {
  parleyTake(key: string, rate: number, burst: number, cost: number, now: number): Promise<number>;
  parleyClaim(key: string, field: string, nodeID: string, max: number, nodePrefix: string): Promise<number>;
};

export const NODE_SLOT_TTL_MS = 30_000;

export async function createRedisLimits(
  url: string,
  clock: Clock,
  options: RedisLimitsOptions = {},
): Promise<SharedLimits> {
  const prefix = `${options.keyPrefix ?? 'parley:'}limits:`;
  const ttlMs = options.nodeTtlMs ?? NODE_SLOT_TTL_MS;
  const onError = options.onError ?? (() => undefined);
  const redis = new Redis(url, {
    lazyConnect: true,
    connectionName: 'parley-limits',
    maxRetriesPerRequest: 1,
    // A Redis that hangs must not hold sends: past this the node counts on its own (SHR11).
    commandTimeout: 2_000,
  }) as Scripted;
  redis.on('error', onError);
  redis.defineCommand('parleyTake', { numberOfKeys: 1, lua: TAKE });
  redis.defineCommand('parleyClaim', { numberOfKeys: 1, lua: CLAIM });
  await redis.connect();
  const nodeID = randomUUID();
  const nodePrefix = `${prefix}node:`;
  const beat = () => redis.set(nodePrefix + nodeID, '1', 'PX', ttlMs);
  await beat();
  const timer = setInterval(() => void beat().catch(onError), Math.max(1, Math.floor(ttlMs / 3)));
  timer.unref();
  // What this node counts while Redis does not answer, and the slots it handed out then.
  const local = createMemoryLimits(clock);
  const localSlots = new Set<string>();
  const slotsKey = (userID: string) => `${prefix}slots:${userID}`;
  const field = (socketID: string) => `${nodeID}/${socketID}`;
  // Sockets closing after the stop: their slots went with the node's key.
  let closed = false;
  return {
    budgets: {
      async take(key, shape, cost) {
        try {
          const wait = await redis.parleyTake(prefix + key, shape.ratePerSecond, shape.burst, cost, clock.now());
          return Number(wait);
        } catch (err) {
          onError(err);
          return local.budgets.take(key, shape, cost);
        }
      },
    },
    slots: {
      async claim(userID, socketID, max) {
        try {
          return (await redis.parleyClaim(slotsKey(userID), field(socketID), nodeID, max, nodePrefix)) === 1;
        } catch (err) {
          onError(err);
          const ok = await local.slots.claim(userID, socketID, max);
          if (ok) localSlots.add(socketID);
          return ok;
        }
      },
      async release(userID, socketID) {
        if (closed) return;
        if (localSlots.delete(socketID)) return local.slots.release(userID, socketID);
        await redis.hdel(slotsKey(userID), field(socketID)).catch(onError);
      },
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      // Every slot of this node stops counting with its key (SHR8); the entries go at the users' next claims.
      await redis.del(nodePrefix + nodeID).catch(onError);
      await redis.quit().catch(() => redis.disconnect());
      await local.close();
    },
  };
}
