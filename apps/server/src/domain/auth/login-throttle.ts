import { ParleyError } from '@parley/protocol';
import { hashPassword, verifyPassword } from './password.ts';
import type { ThrottleStore } from './throttle-store.ts';

/** Failed logins allowed per window (rules THR1-THR3, ABU33-ABU35); the numbers are in docs/PROTOCOL.md. */
export interface ThrottleLimits {
  /** One account from one address: the guessing budget. */
  perPair: number;
  /** One address over all accounts: high enough for an office behind one NAT. */
  perAddress: number;
  windowMs: number;
  /** One account over every address within `accountWindowMs`, before the growing delay starts (ABU34). */
  perAccount: number;
  accountWindowMs: number;
  /** Past `perAccount`, one attempt per delay: the first `accountDelayMs`, doubling up to `accountMaxDelayMs`. */
  accountDelayMs: number;
  accountMaxDelayMs: number;
  /** How long an address where the account signed in stays exempt from the account's delay (ABU35). */
  knownAddressMs: number;
  /** Portal registrations per address within `registerWindowMs`, free or taken numbers alike (ABU39). */
  registerPerAddress: number;
  registerWindowMs: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perPair: 5,
  perAddress: 100,
  windowMs: 60_000,
  perAccount: 10,
  accountWindowMs: 3_600_000,
  accountDelayMs: 2_000,
  accountMaxDelayMs: 300_000,
  knownAddressMs: 30 * 86_400_000,
  registerPerAddress: 10,
  registerWindowMs: 3_600_000,
};

/** An admitted attempt: its counters stay up if the password was wrong, and come down if it was right. */
export interface Admission {
  readonly pairKey: string;
  readonly addressKey: string;
  readonly accountKey: string;
  readonly knownKey: string;
}

type Verify = (password: string, stored: string) => Promise<boolean>;

/**
 * The name the throttle counts an attempt under (ABU33): the account's user ID whatever identifier named it (user ID
 * or mobile), so both share one budget; an identifier naming no account counts as itself, normalised, so an unknown
 * one is throttled exactly like a known one and the answers tell nothing.
 */
export const throttleSubject = (userID: string | undefined, identifier: string): string =>
  userID === undefined ? `who:${identifier.trim().normalize('NFKC').toLowerCase()}` : `acct:${userID}`;

/**
 * Login throttle. An attempt is counted before the password hash runs (THR1), so parallel requests see each other;
 * it is keyed by account and address together (THR2), so nobody can lock a user out from elsewhere, with a separate,
 * higher budget per address. Over every address an account gets `perAccount` failures an hour, then a growing delay
 * between attempts (ABU34) that addresses it signed in from recently skip (ABU35): slower guessing from many
 * addresses, never a lock-out of the owner at home. Unknown accounts are hashed against a dummy so both failures cost
 * the same (THR5).
 */
export class LoginThrottle {
  /** Replaceable so tests can count hash runs instead of timing them. */
  verify: Verify = verifyPassword;
  #dummy: Promise<string> | undefined;

  constructor(
    private readonly store: ThrottleStore,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
  ) {}

  /**
   * Counts the attempt on `subject` (throttleSubject); throws LOGIN_LOCKED (429) without counting it when a budget
   * is spent or the account's delay has not passed.
   */
  async admit(subject: string, address: string): Promise<Admission> {
    const admission = {
      pairKey: `pair:${subject}|${address}`,
      addressKey: `addr:${address}`,
      accountKey: `acct:${subject}`,
      knownKey: `known:${subject}|${address}`,
    };
    const counted = [admission.pairKey, admission.addressKey, admission.accountKey];
    // No counters, no login: an unreachable store must not turn into unlimited guessing (503, retryable).
    const unavailable = () => {
      throw ParleyError.of('UNAVAILABLE');
    };
    const [[pair = 0, perAddress = 0], [account = 0]] = await Promise.all([
      this.store.hit(counted.slice(0, 2), this.limits.windowMs),
      this.store.hit(counted.slice(2), this.limits.accountWindowMs),
    ]).catch(unavailable);
    const over = pair > this.limits.perPair || perAddress > this.limits.perAddress;
    if (over || !(await this.#accountAllows(admission, account).catch(unavailable))) {
      // A refused attempt costs no hash, so it does not count: hammering a locked account from a shared
      // address must not spend the address's budget for everyone else behind it.
      await this.store.undo(counted);
      throw ParleyError.of('LOGIN_LOCKED');
    }
    return admission;
  }

  /**
   * Past the account's free attempts, one attempt per delay over all addresses: the first to come after the delay
   * takes the slot (a counter whose window is the delay), and each admitted attempt doubles the next delay. An
   * address where the account signed in within `knownAddressMs` is not delayed.
   */
  async #accountAllows(admission: Admission, account: number): Promise<boolean> {
    const beyond = account - this.limits.perAccount;
    if (beyond <= 0) return true;
    const [known = 0] = await this.store.peek([admission.knownKey]);
    if (known > 0) return true;
    const delay = Math.min(this.limits.accountDelayMs * 2 ** Math.min(beyond - 1, 30), this.limits.accountMaxDelayMs);
    const slotKey = `slot:${admission.accountKey}`;
    const [taken = 0] = await this.store.hit([slotKey], delay);
    if (taken === 1) return true;
    await this.store.undo([slotKey]);
    return false;
  }

  /**
   * Counts a registration from the address before its password is hashed (ABU39); over the budget, 429 60007 and
   * not counted. Kept in the same store as the login counters, so several nodes share it.
   */
  async admitRegistration(address: string): Promise<void> {
    const key = [`reg:${address}`];
    const [count = 0] = await this.store.hit(key, this.limits.registerWindowMs).catch(() => {
      throw ParleyError.of('UNAVAILABLE');
    });
    if (count <= this.limits.registerPerAddress) return;
    await this.store.undo(key);
    throw ParleyError.of('RATE_LIMITED', 'Too many registrations from this address, please retry later', {
      retryAfter: Math.ceil(this.limits.registerWindowMs / 1000),
    });
  }

  /** Checks the password; `stored` undefined (no account, or no password) runs against a dummy hash. */
  async check(password: string, stored: string | null | undefined): Promise<boolean> {
    if (stored) return this.verify(password, stored);
    this.#dummy ??= hashPassword('parley-dummy-password');
    await this.verify(password, await this.#dummy);
    return false;
  }

  /**
   * The right password: forgive the pair's failures, give the address and the account their attempt back, and
   * remember the address as one the account signs in from (ABU35). The account's other failures stay: an owner
   * signing in does not hand a guesser from elsewhere a fresh budget.
   */
  async succeeded(admission: Admission): Promise<void> {
    await this.store.reset([admission.pairKey, admission.knownKey]);
    await this.store.undo([admission.addressKey, admission.accountKey]);
    await this.store.hit([admission.knownKey], this.limits.knownAddressMs);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
