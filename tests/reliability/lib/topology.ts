import { type Rand, pick } from './prng.ts';

export type Pair = readonly [string, string];

/**
 * `count` one-to-one conversations among `users`: a ring first (everyone talks to someone), then
 * random extra pairs. Deterministic for a given `rand`.
 */
export function buildPairs(rand: Rand, users: readonly string[], count: number): Pair[] {
  const seen = new Set<string>();
  const pairs: Pair[] = [];
  const add = (a: string, b: string) => {
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (a === b || seen.has(key)) return;
    seen.add(key);
    pairs.push([a, b]);
  };
  const ringSize = users.length === 2 ? 1 : users.length;
  for (let i = 0; i < ringSize && pairs.length < count; i += 1) {
    add(users[i] as string, users[(i + 1) % users.length] as string);
  }
  const maxPairs = (users.length * (users.length - 1)) / 2;
  for (let guard = 0; pairs.length < Math.min(count, maxPairs) && guard < 10_000; guard += 1) {
    add(pick(rand, users), pick(rand, users));
  }
  return pairs;
}

/** Each user's peers over the given pairs. */
export function peersOf(pairs: readonly Pair[]): Map<string, string[]> {
  const peers = new Map<string, string[]>();
  for (const [a, b] of pairs) {
    peers.set(a, [...(peers.get(a) ?? []), b]);
    peers.set(b, [...(peers.get(b) ?? []), a]);
  }
  return peers;
}
