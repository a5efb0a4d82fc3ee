/** Deadlines, not sleeps: every wait here ends when its condition holds or its time is up. */
export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface WaitOptions {
  timeoutMs: number;
  what: string;
  intervalMs?: number;
}

/** Polls `condition` until it holds; throws naming `what` when the deadline passes. */
export async function waitFor(condition: () => boolean | Promise<boolean>, o: WaitOptions): Promise<void> {
  const deadline = Date.now() + o.timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${o.timeoutMs} ms waiting for ${o.what}`);
    await delay(o.intervalMs ?? 20);
  }
}

/** Like `waitFor` but reports instead of throwing: true when the condition held in time. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, o: WaitOptions): Promise<boolean> {
  try {
    await waitFor(condition, o);
    return true;
  } catch {
    return false;
  }
}

/** Retry backoff with jitter: 2^attempt × base, capped, times a random factor in [0.5, 1). */
export function backoffMs(attempt: number, baseMs: number, capMs: number, random: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.min(attempt, 16)) * (0.5 + random / 2);
}
