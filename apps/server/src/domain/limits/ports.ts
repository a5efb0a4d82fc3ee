/**
 * Where per-user budgets are counted (decision 0045, SHR1–SHR15): in this process for one node, in Redis when several
 * nodes share `REDIS_URL`, so a user has one budget whatever the number of nodes. Implementations:
 * limits/memory-limits.ts and limits/redis-limits.ts; both pass test/shared-limits-contract.ts.
 */

/** A token bucket's shape: `ratePerSecond` tokens refill continuously up to `burst`. */
export interface BucketShape {
  readonly ratePerSecond: number;
  readonly burst: number;
}

export interface BudgetStore {
  /**
   * Takes `cost` tokens from `key`'s bucket, atomically over every node (SHR2): 0 when allowed, otherwise the
   * milliseconds until it would be (nothing is taken then).
   */
  take(key: string, shape: BucketShape, cost: number): Promise<number>;
}

/** Push-socket slots per user (LIM3, SHR6–SHR9). A slot is held from `claim` until `release` or its node's end. */
export interface SocketSlots {
  /** Holds a slot for `socketID` when the user holds fewer than `max` anywhere; false (nothing held) otherwise. */
  claim(userID: string, socketID: string, max: number): Promise<boolean>;
  /** Gives the slot back; a slot not held is ignored. */
  release(userID: string, socketID: string): Promise<void>;
}

/** Both, with one lifetime: `close` gives back this node's slots at once (a clean stop, SHR8). */
export interface SharedLimits {
  readonly budgets: BudgetStore;
  readonly slots: SocketSlots;
  close(): Promise<void>;
}
