import { ParleyError } from '@parley/protocol';
import type { BucketShape, BudgetStore } from './ports.ts';

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

/**
 * The per-user budgets, counted in a budget store (decision 0045): this process's memory on one node, Redis when
 * several nodes share it, so a user has one budget whatever node each request reaches (SHR1–SHR5).
 */
export class UserLimits {
  readonly #shapes: Record<UserAction, BucketShape>;
  constructor(
    rates: UserRates,
    private readonly store: BudgetStore,
  ) {
    const shape = (rate: number): BucketShape => ({ ratePerSecond: rate, burst: rate * 2 });
    this.#shapes = {
      send: shape(rates.send),
      typing: shape(rates.typing),
      profileEdit: shape(rates.profileEdit),
      profileLookup: shape(rates.profileLookup),
      groupWrite: shape(rates.groupWrite),
    };
  }

  /**
   * Counts `cost` of `action` for the user. Over the limit: rejects with RATE_LIMITED (60007, 429) with
   * `data.retryAfter` in whole seconds, for the transport's `Retry-After`.
   */
  async take(action: UserAction, userID: string, cost = 1): Promise<void> {
    const shape = this.#shapes[action];
    if (shape.ratePerSecond <= 0) return;
    const waitMs = await this.store.take(`${action}:${userID}`, shape, cost);
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
