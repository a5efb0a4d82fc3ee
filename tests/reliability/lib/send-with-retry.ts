import type { WireMessage } from '@parley/protocol';
import { type ApiClient, AttemptError, type TextSend } from './api-client.ts';
import type { Rand } from './prng.ts';
import { backoffMs, delay } from './wait.ts';

export interface RetryOptions {
  rand: Rand;
  /** Give up (unacknowledged) after this time. */
  deadlineAt: number;
  baseMs?: number;
  capMs?: number;
  /** Called before each attempt; lets a scenario count POSTs. */
  onAttempt?: () => void;
}

/**
 * Sends until acknowledged, always with the same ID (rule M1), so a retry after a lost answer returns
 * the stored message instead of storing a second one. Undefined when the deadline passed without an ack.
 */
export async function sendWithRetry(api: ApiClient, m: TextSend, o: RetryOptions): Promise<WireMessage | undefined> {
  for (let attempt = 0; attempt < 1000 && Date.now() < o.deadlineAt; attempt += 1) {
    try {
      o.onAttempt?.();
      return await api.send(m);
    } catch (err) {
      if (!(err instanceof AttemptError) || !err.retryable) throw err;
      await delay(backoffMs(attempt, o.baseMs ?? 20, o.capMs ?? 400, o.rand()));
    }
  }
  return undefined;
}

/** Retries any read until it succeeds or the deadline passes (then rethrows the last error). */
export async function readWithRetry<T>(read: () => Promise<T>, rand: Rand, deadlineAt: number): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read();
    } catch (err) {
      if (!(err instanceof AttemptError) || !err.retryable || Date.now() > deadlineAt) throw err;
      await delay(backoffMs(attempt, 20, 400, rand()));
    }
  }
}
