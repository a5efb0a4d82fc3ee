import type { PresenceChange, PresenceStore, UserPresence } from '../domain/presence/ports.ts';

/** Presence of one process (no REDIS_URL): every socket is on this node. */
export function createMemoryPresence(): PresenceStore {
  const nodes = new Map<string, Set<string>>();
  const versions = new Map<string, number>();
  const custom = new Map<string, string>();
  const bump = (userID: string) => {
    const v = (versions.get(userID) ?? 0) + 1;
    versions.set(userID, v);
    return v;
  };
  return {
    async setNode(userID, nodeID, online): Promise<PresenceChange> {
      const set = nodes.get(userID) ?? new Set<string>();
      const before = set.size > 0;
      if (online) set.add(nodeID);
      else set.delete(nodeID);
      if (set.size > 0) nodes.set(userID, set);
      else nodes.delete(userID);
      const after = set.size > 0;
      if (!after) custom.delete(userID);
      if (before === after) return { changed: false, online: after, version: versions.get(userID) ?? 0 };
      return { changed: true, online: after, version: bump(userID) };
    },
    async setCustomStatus(userID, customStatus) {
      if (customStatus) custom.set(userID, customStatus);
      else custom.delete(userID);
      return { changed: true, online: (nodes.get(userID)?.size ?? 0) > 0, version: bump(userID) };
    },
    async statuses(userIDs) {
      const out = new Map<string, UserPresence>();
      for (const id of userIDs)
        out.set(id, { online: (nodes.get(id)?.size ?? 0) > 0, customStatus: custom.get(id) ?? '' });
      return out;
    },
    async heartbeat() {},
    async leave(nodeID) {
      for (const [userID, set] of nodes) {
        set.delete(nodeID);
        if (set.size === 0) nodes.delete(userID);
      }
    },
    async close() {},
  };
}
