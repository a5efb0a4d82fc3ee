/** A seeded PRNG, so a failing run can be replayed with the same `--seed` (mulberry32: tiny, fast, good enough). */
export type Rand = () => number;

export function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An independent stream derived from `rand`, so one actor's draws do not shift another's. */
export const fork = (rand: Rand): Rand => mulberry32(Math.floor(rand() * 4294967296));

/** A whole number in [min, max]. */
export const between = (rand: Rand, min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));

export function pick<T>(rand: Rand, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
