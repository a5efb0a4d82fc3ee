import { ParleyError } from '@parley/protocol';
import { hashPassword, verifyPassword } from './password.ts';
import type { ThrottleStore } from './throttle-store.ts';

/** Failed logins allowed per window (rules THR1-THR3); the numbers are in docs/PROTOCOL.md. */
export interface ThrottleLimits {
  /** One account from one address: the guessing budget. */
  perPair: number;
  /** One address over all accounts: high enough for an office behind one NAT. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { perPair: 5, perAddress: 100, windowMs: 60_000 };

/** An admitted attempt: its counters stay up if the password was wrong, and come down if it was right. */
export interface Admission {
  readonly pairKey: string;
  readonly addressKey: string;
}

type Verify = (password: string, stored: string) => Promise<boolean>;

/**
 * Login throttle. An attempt is counted before the password hash runs (THR1), so parallel requests see
 * each other; it is keyed by account and address together (THR2), so nobody can lock a user out from
 * elsewhere, with a separate, higher budget per address. Unknown accounts are hashed against a dummy
 * so both failures cost the same (THR5).
 */
export class LoginThrottle {
  /** Replaceable so tests can count hash runs instead of timing them. */
  verify: Verify = verifyPassword;
  #dummy: Promise<string> | undefined;

  constructor(
    private readonly store: ThrottleStore,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
  ) {}

  /** Counts the attempt; throws LOGIN_LOCKED (429) without counting it when a budget is spent. */
  async admit(account: string, address: string): Promise<Admission> {
    const admission = { pairKey: `pair:${account.toLowerCase()}|${address}`, addressKey: `addr:${address}` };
    const keys = [admission.pairKey, admission.addressKey];
    // No counters, no login: an unreachable store must not turn into unlimited guessing (503, retryable).
    const [pair = 0, perAddress = 0] = await this.store.hit(keys, this.limits.windowMs).catch(() => {
      throw ParleyError.of('UNAVAILABLE');
    });
    if (pair > this.limits.perPair || perAddress > this.limits.perAddress) {
      // A refused attempt costs no hash, so it does not count: hammering a locked account from a shared
      // address must not spend the address's budget for everyone else behind it.
      await this.store.undo(keys);
      throw ParleyError.of('LOGIN_LOCKED');
    }
    return admission;
  }

  /** Checks the password; `stored` undefined (no account, or no password) runs against a dummy hash. */
  async check(password: string, stored: string | null | undefined): Promise<boolean> {
    if (stored) return this.verify(password, stored);
    this.#dummy ??= hashPassword('parley-dummy-password');
    await this.verify(password, await this.#dummy);
    return false;
  }

  /** The right password: forgive the pair's failures and give the address its attempt back. */
  async succeeded(admission: Admission): Promise<void> {
    await this.store.reset([admission.pairKey]);
    await this.store.undo([admission.addressKey]);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
