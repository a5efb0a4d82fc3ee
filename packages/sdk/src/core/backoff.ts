/**
 * Exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"): the delay is
 * uniform in [0, min(cap, base·2^attempt)). Full jitter spreads a crowd of clients that lost the same server, so
 * they do not all come back in the same instant and knock it over again.
 */
export function backoffDelay(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  const window = Math.min(capMs, baseMs * 2 ** exponent);
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return Math.floor(r * window);
}
