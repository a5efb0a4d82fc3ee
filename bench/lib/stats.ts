/** Latency summary in milliseconds (two decimals), from unsorted samples. */
export interface Latency {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

export function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p99: at(0.99), max: round(sorted.at(-1) ?? 0), samples: sorted.length };
}

export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

/** parley / baseline, three decimals; 0 when the baseline is 0. */
export const ratio = (parley: number, baseline: number): number => (baseline === 0 ? 0 : round(parley / baseline, 3));
