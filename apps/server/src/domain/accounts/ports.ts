/** What the accounts feature stores: one row per user, with the userSig generation (SES5). */
import type { ProfileRow } from '../profiles/ports.ts';

export interface AccountRow {
  userID: string;
  passwordHash: string | null;
  mobile: string | null;
  identity: number;
  createdAt: number;
  /** When an admin disabled the account (ADM20); 0 or absent while enabled. */
  disabledAt?: number;
}

export interface AccountsRepo {
  create(account: AccountRow, profile: ProfileRow): Promise<void>;
  get(userID: string): Promise<AccountRow | undefined>;
  findByMobile(mobile: string): Promise<AccountRow | undefined>;
  existing(userIDs: readonly string[]): Promise<Set<string>>;
  count(): Promise<number>;
  /** The user's userSig generation (SES5); undefined when there is no such account. */
  tokenGen(userID: string): Promise<number | undefined>;
  /** Raises the generation by one and returns the new value; undefined when there is no such account. */
  bumpTokenGen(userID: string): Promise<number | undefined>;
  /** Whether the ID belonged to an account that was deleted (decision 0051, PDAT10): never registered again. */
  isDeleted(userID: string): Promise<boolean>;
}
