import { expect, it } from 'vitest';
import type { SharedLimits } from '../src/domain/limits/ports.ts';

/**
 * The contract of a budget store and socket slots (decision 0045), for the memory and the Redis implementations. `open`
 * builds one node's view over the same counters each time it is called within a test (the memory one: the same object).
 */
export function sharedLimitsContract(
  open: (clock: { now: () => number }) => Promise<SharedLimits>,
  cleanup: () => Promise<void>,
): void {
  const shape = { ratePerSecond: 2, burst: 4 };
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };
  const key = () => `send:u${Math.random().toString(36).slice(2)}`;

  it('SHR2 a bucket gives its burst, then says how long until the next token; time refills it', async () => {
    const c = clock();
    const l = await open(c);
    const k = key();
    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) waits.push(await l.budgets.take(k, shape, 1));
    expect(waits.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(waits[4]).toBe(500);
    c.advance(500);
    expect(await l.budgets.take(k, shape, 1)).toBe(0);
    expect(await l.budgets.take(k, shape, 1)).toBeGreaterThan(0);
    // Another key has a bucket of its own.
    expect(await l.budgets.take(key(), shape, 1)).toBe(0);
    await cleanup();
  });

  it('SHR3 a cost counts as many tokens; a refused take takes nothing; a cost above the burst is never paid', async () => {
    const c = clock();
    const l = await open(c);
    const k = key();
    expect(await l.budgets.take(k, shape, 3)).toBe(0);
    expect(await l.budgets.take(k, shape, 2)).toBe(500);
    expect(await l.budgets.take(k, shape, 1)).toBe(0);
    expect(await l.budgets.take(key(), shape, 5)).toBeGreaterThan(0);
    await cleanup();
  });

  it('SHR6 a user holds at most max slots; a released slot is free again; releasing twice changes nothing', async () => {
    const l = await open(clock());
    const user = key();
    expect(await l.slots.claim(user, 's1', 2)).toBe(true);
    expect(await l.slots.claim(user, 's2', 2)).toBe(true);
    expect(await l.slots.claim(user, 's3', 2)).toBe(false);
    expect(await l.slots.claim(key(), 's3', 2)).toBe(true);
    await l.slots.release(user, 's1');
    await l.slots.release(user, 's1');
    expect(await l.slots.claim(user, 's4', 2)).toBe(true);
    expect(await l.slots.claim(user, 's5', 2)).toBe(false);
    await cleanup();
  });
}
