import { type ClosedLoopResult, closedLoopGet } from '../lib/http.ts';
import type { Target } from '../lib/targets.ts';

/** Authenticated profile reads (Parley) against the relay's fixed profile JSON: HTTP overhead alone. */
export async function profileReads(
  t: Target,
  user: string,
  o: { concurrency: number; durationMs: number; warmupMs: number },
): Promise<ClosedLoopResult> {
  const { path, headers } = t.profile(user);
  await closedLoopGet(t.server.port, path, headers, o.concurrency, o.warmupMs);
  return closedLoopGet(t.server.port, path, headers, o.concurrency, o.durationMs);
}
