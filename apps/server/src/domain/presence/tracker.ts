import type { Domain } from '../context.ts';
import type { PresenceStore } from './ports.ts';
import { publishStatus, statusOf } from './status.ts';

/** Timers the tracker uses for the grace period; tests pass a fake one. */
export interface PresenceTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: PresenceTimers = {
  set: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface TrackerOptions {
  nodeID: string;
  /** How long a user whose last socket here closed still counts as online here (a page reload reconnects). */
  graceMs: number;
  timers?: PresenceTimers;
  onError: (err: unknown) => void;
}

/**
 * This node's part of presence (CNT9): the push layer reports a user's first socket here and the last one gone.
 * Going offline waits `graceMs`, so a reload does not flap; a clean close is seen at once (no heartbeat timeout).
 * A flip of the user's state across all nodes is published to the user's subscribers.
 */
export class PresenceTracker {
  readonly #pending = new Map<string, unknown>();
  readonly #timers: PresenceTimers;
  #closed = false;

  constructor(
    private readonly d: Domain,
    private readonly store: PresenceStore,
    private readonly options: TrackerOptions,
  ) {
    this.#timers = options.timers ?? realTimers;
  }

  connected(userID: string): void {
    const pending = this.#pending.get(userID);
    if (pending !== undefined) {
      // Back within the grace period: never reported offline, nothing to tell anyone.
      this.#timers.clear(pending);
      this.#pending.delete(userID);
      return;
    }
    this.#report(userID, true);
  }

  disconnected(userID: string): void {
    if (this.#closed) return;
    if (this.options.graceMs <= 0) {
      this.#report(userID, false);
      return;
    }
    const handle = this.#timers.set(() => {
      this.#pending.delete(userID);
      this.#report(userID, false);
    }, this.options.graceMs);
    this.#pending.set(userID, handle);
  }

  /** The node shuts down: pending offline reports are dropped and the node leaves the store. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const handle of this.#pending.values()) this.#timers.clear(handle);
    this.#pending.clear();
    await this.store.leave(this.options.nodeID).catch(this.options.onError);
  }

  #report(userID: string, online: boolean): void {
    if (this.#closed) return;
    void this.store
      .setNode(userID, this.options.nodeID, online)
      .then(async (change) => {
        if (!change.changed) return;
        const custom = online ? ((await this.store.statuses([userID])).get(userID)?.customStatus ?? '') : '';
        await publishStatus(this.d, statusOf(userID, change.online, custom), change.version);
      })
      .catch(this.options.onError);
  }
}
