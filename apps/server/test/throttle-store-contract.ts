import { afterEach, expect, it } from 'vitest';
import type { ThrottleStore } from '../src/domain/auth/throttle-store.ts';

/** What every ThrottleStore must do (THR4). `make` gets a fresh, isolated store; `advance` moves its clock. */
export function throttleStoreContract(
  name: string,
  make: () => Promise<ThrottleStore>,
  waitPastWindow: (windowMs: number) => Promise<void>,
): void {
  const opened: ThrottleStore[] = [];
  const fresh = async () => {
    const store = await make();
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  it(`THR4 ${name}: hit counts per key and returns the counts in order`, async () => {
    const store = await fresh();
    expect(await store.hit(['a', 'b'], 60_000)).toEqual([1, 1]);
    expect(await store.hit(['a'], 60_000)).toEqual([2]);
    expect(await store.hit(['b', 'a'], 60_000)).toEqual([2, 3]);
  });

  it(`THR4 ${name}: parallel hits on one key never lose a count`, async () => {
    const store = await fresh();
    const counts = (await Promise.all(Array.from({ length: 50 }, () => store.hit(['k'], 60_000)))).map((c) => c[0]);
    expect(counts.sort((x = 0, y = 0) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it(`THR4 ${name}: undo takes one back and never goes below zero; reset forgets`, async () => {
    const store = await fresh();
    await store.hit(['k'], 60_000);
    await store.hit(['k'], 60_000);
    await store.undo(['k']);
    expect(await store.hit(['k'], 60_000)).toEqual([2]);
    await store.undo(['k', 'k', 'k', 'missing']);
    expect(await store.hit(['k', 'missing'], 60_000)).toEqual([1, 1]);
    await store.reset(['k']);
    expect(await store.hit(['k'], 60_000)).toEqual([1]);
  });

  it(`ABU34 ${name}: peek reads the counts and changes nothing`, async () => {
    const store = await fresh();
    expect(await store.peek(['p', 'q'])).toEqual([0, 0]);
    await store.hit(['p'], 60_000);
    await store.hit(['p'], 60_000);
    expect(await store.peek(['q', 'p'])).toEqual([0, 2]);
    expect(await store.peek(['p'])).toEqual([2]);
    expect(await store.hit(['p', 'q'], 60_000)).toEqual([3, 1]);
    await store.reset(['p']);
    expect(await store.peek(['p'])).toEqual([0]);
  });

  it(`THR4 ${name}: a key is forgotten once its window has passed`, async () => {
    const store = await fresh();
    await store.hit(['w'], 200);
    expect(await store.hit(['w'], 200)).toEqual([2]);
    await waitPastWindow(200);
    expect(await store.hit(['w'], 200)).toEqual([1]);
  });
}
