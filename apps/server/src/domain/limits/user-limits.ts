import { ParleyError } from '@parley/protocol';
import type { Clock } from '../ports.ts';
import { RateLimiter } from './rate-limiter.ts';

/**
 * What one user may do per second (rules LIM5–LIM8, ABU20: group membership writes). `typing` waits for typing signals (their own issue): the
 * WebSocket send path takes from it once they exist. Profile look-ups are counted in IDs, not requests.
 */
export const USER_ACTION = {
  SEND: 'send',
  TYPING: 'typing',
  PROFILE_EDIT: 'profileEdit',
  PROFILE_LOOKUP: 'profileLookup',
  GROUP_WRITE: 'groupWrite',
} as const;
export type UserAction = (typeof USER_ACTION)[keyof typeof USER_ACTION];

/** Per second; 0 turns a limit off. The burst is twice the rate. */
export type UserRates = Record<UserAction, number>;

export const DEFAULT_USER_RATES: UserRates = {
  send: 20,
  typing: 5,
  profileEdit: 5,
  profileLookup: 200,
  groupWrite: 5,
};

export class UserLimits {
  readonly #limiters: Record<UserAction, RateLimiter>;
  constructor(rates: UserRates, clock: Clock) {
    const make = (rate: number) => new RateLimiter(rate, rate * 2, clock);
    this.#limiters = {
      send: make(rates.send),
      typing: make(rates.typing),
      profileEdit: make(rates.profileEdit),
      profileLookup: make(rates.profileLookup),
      groupWrite: make(rates.groupWrite),
    };
  }

  /**
   * Counts `cost` of `action` for the user. Over the limit: throws RATE_LIMITED (60007, 429) with
   * `data.retryAfter` in whole seconds, for the transport's `Retry-After`.
   */
  take(action: UserAction, userID: string, cost = 1): void {
    const waitMs = this.#limiters[action].take(userID, cost);
    if (waitMs === 0) return;
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    throw ParleyError.of('RATE_LIMITED', `Too many requests (${action}), please retry in ${retryAfter} s`, {
      retryAfter,
      action,
    });
  }
}

/** The seconds a RATE_LIMITED error asks the client to wait, if it is one. */
export function retryAfterOf(err: unknown): number | undefined {
  if (!(err instanceof ParleyError)) return undefined;
  const value = err.data.retryAfter;
  return typeof value === 'number' ? value : undefined;
}
