/**
 * The throttle-store port: fixed-window attempt counters shared by every node (rule THR4). A key's
 * window starts at its first hit and lasts `windowMs`; then the key is forgotten. Implementations:
 * throttle/memory-throttle-store.ts (one node) and throttle/redis-throttle-store.ts (several nodes);
 * both pass test/throttle-store-contract.ts.
 */
export interface ThrottleStore {
  /** Adds one to each key's counter, atomically per key, and returns the new counts in order. */
  hit(keys: readonly string[], windowMs: number): Promise<number[]>;
  /** Takes one back from each key's counter (an attempt that was refused or succeeded). Never below 0. */
  undo(keys: readonly string[]): Promise<void>;
  /** The keys' current counts (0 for a key not alive), changing nothing. */
  peek(keys: readonly string[]): Promise<number[]>;
  /** Forgets the keys. */
  reset(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}
