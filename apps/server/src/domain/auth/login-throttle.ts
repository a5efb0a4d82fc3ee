import type { Clock } from '../ports.ts';

/**
 * Failed-login throttle: after `maxFailures` failures for one key within `windowMs`, the key is
 * locked until the window has passed. Keys are the account name and the client address, so one
 * attacker cannot lock many accounts cheaply, nor guess one account from many addresses quickly.
 * Per node; several nodes multiply the budget (noted in docs/ARCHITECTURE.md).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  constructor(
    private readonly clock: Clock,
    private readonly maxFailures = 5,
    private readonly windowMs = 60_000,
  ) {}

  private recent(key: string): number[] {
    const since = this.clock.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  isLocked(keys: readonly string[]): boolean {
    return keys.some((k) => this.recent(k).length >= this.maxFailures);
  }

  fail(keys: readonly string[]): void {
    for (const k of keys) this.failures.set(k, [...this.recent(k), this.clock.now()]);
    if (this.failures.size > 100_000) this.failures.clear();
  }

  succeed(keys: readonly string[]): void {
    for (const k of keys) this.failures.delete(k);
  }
}
