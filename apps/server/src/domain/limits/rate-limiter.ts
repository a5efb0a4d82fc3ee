/** Per-user token buckets for sends, typing, profile edits and look-ups and group writes (LIM5-LIM8, ABU20). */
import type { Clock } from '../ports.ts';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per key: `ratePerSecond` tokens refill continuously up to `burst`; an action costs `cost`
 * tokens (a profile look-up costs one per ID asked for). Counters live in this process only: the single-node budget
 * store (limits/memory-limits.ts); several nodes count in Redis instead (decision 0045).
 */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  constructor(
    readonly ratePerSecond: number,
    readonly burst: number,
    private readonly clock: Clock,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes `cost` tokens for `key`: 0 when allowed, otherwise the milliseconds until it would be. */
  take(key: string, cost = 1): number {
    if (this.ratePerSecond <= 0) return 0;
    const now = this.clock.now();
    const bucket = this.#refilled(key, now);
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      return 0;
    }
    // A cost above the burst can never be paid: say when a full bucket would be there, the caller refuses it.
    const missing = Math.min(cost, this.burst) - bucket.tokens;
    return Math.max(1, Math.ceil((missing / this.ratePerSecond) * 1000));
  }

  #refilled(key: string, now: number): Bucket {
    const bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size >= this.maxKeys) this.#sweep(now);
      const fresh = { tokens: this.burst, at: now };
      this.#buckets.set(key, fresh);
      return fresh;
    }
    const elapsed = Math.max(0, now - bucket.at) / 1000;
    bucket.tokens = Math.min(this.burst, bucket.tokens + elapsed * this.ratePerSecond);
    bucket.at = now;
    return bucket;
  }

  /** Forgets keys whose bucket has refilled: they behave exactly like a new key, so memory stays bounded. */
  #sweep(now: number): void {
    for (const [key, b] of this.#buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.ratePerSecond >= this.burst) this.#buckets.delete(key);
    }
  }
}
