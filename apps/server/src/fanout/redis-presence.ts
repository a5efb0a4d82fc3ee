import { Redis } from 'ioredis';
import type { PresenceChange, PresenceStore, UserPresence } from '../domain/presence/ports.ts';

export interface RedisPresenceOptions {
  readonly onError?: (err: unknown) => void;
  /** Key prefix, so deployments (and test runs) sharing one Redis do not see each other. */
  readonly keyPrefix?: string;
  /** A node that stops refreshing its key for this long no longer counts (a crashed node's users go offline). */
  readonly nodeTtlSeconds?: number;
}

/**
 * One user's nodes are a set; a node counts only while its own key lives. The flip test and the version bump run
 * in one script, so two nodes changing one user at once agree on a single transition and its version.
 * KEYS: nodes set, version, custom status. ARGV: node ID, '1' add / '0' remove / 'c' custom status, node key
 * prefix, custom status text.
 */
const SCRIPT = `
local function live()
  local n = 0
  for _, m in ipairs(redis.call('SMEMBERS', KEYS[1])) do
    if redis.call('EXISTS', ARGV[3] .. m) == 1 then n = n + 1 else redis.call('SREM', KEYS[1], m) end
  end
  return n
end
local before = live()
if ARGV[2] == 'c' then
  if ARGV[4] == '' then redis.call('DEL', KEYS[3]) else redis.call('SET', KEYS[3], ARGV[4]) end
  return {1, redis.call('INCR', KEYS[2]), before}
end
if ARGV[2] == '1' then redis.call('SADD', KEYS[1], ARGV[1]) else redis.call('SREM', KEYS[1], ARGV[1]) end
local after = live()
if after == 0 then redis.call('DEL', KEYS[3]) end
if (before > 0) ~= (after > 0) then return {1, redis.call('INCR', KEYS[2]), after} end
return {0, tonumber(redis.call('GET', KEYS[2]) or '0'), after}
`;

/** Presence shared by every node through Redis (REDIS_URL). */
export async function createRedisPresence(url: string, options: RedisPresenceOptions = {}): Promise<PresenceStore> {
  const prefix = `${options.keyPrefix ?? 'parley:'}presence:`;
  const ttl = options.nodeTtlSeconds ?? 30;
  const redis = new Redis(url, { lazyConnect: true, connectionName: 'parley-presence', maxRetriesPerRequest: 2 });
  redis.on('error', options.onError ?? (() => undefined));
  await redis.connect();
  const nodeKey = `${prefix}node:`;
  const keys = (userID: string) => [`${prefix}u:${userID}`, `${prefix}v:${userID}`, `${prefix}s:${userID}`];
  const run = async (userID: string, nodeID: string, op: string, text = ''): Promise<PresenceChange> => {
    const [changed, version, count] = (await redis.eval(SCRIPT, 3, ...keys(userID), nodeID, op, nodeKey, text)) as [
      number,
      number,
      number,
    ];
    return { changed: changed === 1, online: Number(count) > 0, version: Number(version) };
  };
  return {
    setNode: (userID, nodeID, online) => run(userID, nodeID, online ? '1' : '0'),
    setCustomStatus: (userID, customStatus) => run(userID, '', 'c', customStatus),
    async statuses(userIDs) {
      const ids = [...new Set(userIDs)];
      const pipe = redis.pipeline();
      for (const id of ids) {
        const [nodes, , custom] = keys(id);
        pipe.smembers(nodes as string);
        pipe.get(custom as string);
      }
      const answers = (await pipe.exec()) ?? [];
      const nodeSets = ids.map((_, i) => (answers[i * 2]?.[1] as string[] | null) ?? []);
      const allNodes = [...new Set(nodeSets.flat())];
      const alive = new Set<string>();
      if (allNodes.length > 0) {
        const flags = await redis.mget(...allNodes.map((n) => nodeKey + n));
        allNodes.forEach((n, i) => {
          if (flags[i] !== null) alive.add(n);
        });
      }
      const out = new Map<string, UserPresence>();
      ids.forEach((id, i) => {
        const online = (nodeSets[i] ?? []).some((n) => alive.has(n));
        out.set(id, { online, customStatus: online ? ((answers[i * 2 + 1]?.[1] as string | null) ?? '') : '' });
      });
      return out;
    },
    async heartbeat(nodeID) {
      await redis.set(nodeKey + nodeID, '1', 'EX', ttl);
    },
    async leave(nodeID) {
      await redis.del(nodeKey + nodeID);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
