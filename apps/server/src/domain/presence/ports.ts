/**
 * The presence port (decision 0017): which users have a live push socket on some node, and their custom status. Memory
 * (one node, fanout/memory-presence.ts) and Redis (several nodes, fanout/redis-presence.ts) implement it.
 */
export interface PresenceChange {
  /** Whether the user's online state (any live node) flipped with this call. */
  changed: boolean;
  online: boolean;
  /** The user's status version after the call; raised on every flip and every custom status change. */
  version: number;
}

export interface UserPresence {
  online: boolean;
  customStatus: string;
}

export interface PresenceStore {
  /** Records whether `nodeID` has sockets of the user; an offline user's custom status is cleared. */
  setNode(userID: string, nodeID: string, online: boolean): Promise<PresenceChange>;
  /** Sets the custom status and raises the version; returns the state after. */
  setCustomStatus(userID: string, customStatus: string): Promise<PresenceChange>;
  statuses(userIDs: readonly string[]): Promise<Map<string, UserPresence>>;
  /** Keeps this node counted as alive (Redis: a key with a time to live). */
  heartbeat(nodeID: string): Promise<void>;
  /** The node leaves: its users no longer count as online through it. */
  leave(nodeID: string): Promise<void>;
  close(): Promise<void>;
}
