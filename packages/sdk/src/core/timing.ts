import { WS } from '@parley/protocol';

/**
 * Every delay the SDK uses, in one place so tests can shrink them (`create({timing})`) instead of waiting on
 * production values. Defaults are what a browser tab should do.
 */
export interface Timing {
  /** First reconnect window; each failed attempt doubles it (full jitter: the delay is uniform in [0, window)). */
  reconnectBaseMs: number;
  /** Largest reconnect window, so a long outage is retried at least this often. */
  reconnectCapMs: number;
  /** Client ping period (the server expects one at least every deadAfterMs). */
  heartbeatMs: number;
  /** No frame for this long: the connection is dead even if the socket never reported it. */
  deadAfterMs: number;
  /** How long login waits for the push connection's hello before going ready without it. */
  connectTimeoutMs: number;
  /** Trailing window that coalesces list and unread events; TIM uses 1 s, far too slow for a chat UI. */
  coalesceMs: number;
  /** A gap in sequences waits this long for the missing push before the SDK fetches it. */
  gapGraceMs: number;
  /**
   * A message not acknowledged this long after sendMessage fails (2801) so the user sees '!' and can resend
   * (seed 000 §4); until then transport failures are retried quietly with the same ID.
   */
  sendTimeoutMs: number;
}

export const DEFAULT_TIMING: Timing = {
  reconnectBaseMs: 500,
  reconnectCapMs: 10_000,
  heartbeatMs: WS.heartbeatMs,
  deadAfterMs: WS.deadAfterMs,
  connectTimeoutMs: 5_000,
  coalesceMs: 30,
  gapGraceMs: 150,
  sendTimeoutMs: 30_000,
};

export function resolveTiming(partial: Partial<Timing> | undefined): Timing {
  const timing = { ...DEFAULT_TIMING };
  for (const key of Object.keys(DEFAULT_TIMING) as (keyof Timing)[]) {
    const value = partial?.[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) timing[key] = value;
  }
  return timing;
}
