import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../src/core/backoff.ts';
import { DEFAULT_TIMING, resolveTiming } from '../src/core/timing.ts';

describe('SDK40 reconnect backoff: exponential with full jitter', () => {
  it('stays within [0, min(cap, base·2^attempt)) for any attempt and any random value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 60_000 }),
        (attempt, r, base, cap) => {
          const delay = backoffDelay(attempt, base, cap, () => r);
          const window = Math.min(cap, base * 2 ** Math.min(attempt, 30));
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThan(Math.max(window, 1));
          expect(Number.isInteger(delay)).toBe(true);
        },
      ),
    );
  });

  it('doubles the window per attempt until the cap (10 s by default)', () => {
    const { reconnectBaseMs: base, reconnectCapMs: cap } = DEFAULT_TIMING;
    expect(cap).toBe(10_000);
    const top = (attempt: number) => backoffDelay(attempt, base, cap, () => 1 - Number.EPSILON);
    expect([0, 1, 2, 3, 4, 5, 10, 50].map(top)).toEqual([499, 999, 1999, 3999, 7999, 9999, 9999, 9999]);
    expect(backoffDelay(7, base, cap, () => 0)).toBe(0);
  });

  it('spreads a crowd: 1,000 clients after the same failure do not pick the same delay', () => {
    const delays = Array.from({ length: 1000 }, () => backoffDelay(4, 500, 10_000, Math.random));
    expect(new Set(delays).size).toBeGreaterThan(500);
    const mean = delays.reduce((a, b) => a + b, 0) / delays.length;
    expect(mean).toBeGreaterThan(3000);
    expect(mean).toBeLessThan(5000);
  });

  it('keeps defaults for missing or invalid timing overrides', () => {
    const timing = resolveTiming({ reconnectBaseMs: 10, coalesceMs: -1, gapGraceMs: Number.NaN });
    expect(timing).toEqual({ ...DEFAULT_TIMING, reconnectBaseMs: 10 });
    expect(DEFAULT_TIMING.coalesceMs).toBeLessThanOrEqual(50);
  });
});
