import { createHash, randomBytes } from 'node:crypto';
import {
  type CreateAccount,
  GENDER,
  ParleyError,
  type Profile,
  type Session,
  type UserSigResult,
} from '@parley/protocol';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { signUserSig } from '../auth/usersig.ts';
import { type Domain, nowSeconds } from '../context.ts';
import type { ProfileRow } from '../ports.ts';
import { isValidBirthday } from '../profiles/actions.ts';
import { toProfile } from '../profiles/profile-view.ts';

export async function createAccount(d: Domain, input: CreateAccount): Promise<Profile> {
  const now = nowSeconds(d);
  const p = input.profile ?? {};
  if (p.birthday !== undefined && !isValidBirthday(p.birthday)) throw ParleyError.of('PROFILE_INVALID');
  const profile: ProfileRow = {
    userID: input.userID,
    nick: p.nick ?? '',
    avatar: p.avatar ?? '',
    gender: p.gender ?? GENDER.UNKNOWN,
    selfSignature: p.selfSignature ?? '',
    birthday: p.birthday ?? 0,
    allowType: p.allowType ?? 'AllowType_Type_AllowAny',
    location: p.location ?? '',
    language: p.language ?? 0,
    level: 0,
    role: 0,
    customFields: '[]',
    updatedAt: now,
  };
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  await d.storage.transaction(async (tx) => {
    if (await tx.accounts.get(input.userID)) throw ParleyError.of('ACCOUNT_EXISTS');
    if (input.mobile && (await tx.accounts.findByMobile(input.mobile))) {
      throw ParleyError.of('ACCOUNT_EXISTS', 'The mobile number is already registered');
    }
    await tx.accounts.create(
      {
        userID: input.userID,
        passwordHash,
        mobile: input.mobile ?? null,
        identity: input.identity ?? 0,
        createdAt: now,
      },
      profile,
    );
  });
  return toProfile(profile);
}

export async function issueUserSig(d: Domain, userID: string, expire?: number): Promise<UserSigResult> {
  if (!(await d.storage.accounts.get(userID))) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  const now = nowSeconds(d);
  const seconds = expire ?? d.userSigExpireSeconds;
  return { userID, userSig: signUserSig(d.secret, userID, now, seconds), expiresAt: now + seconds };
}

const hashSessionID = (raw: string) => createHash('sha256').update(raw).digest('base64url');

async function sessionFor(d: Domain, userID: string, identity: number): Promise<Session> {
  const profile = await d.storage.profiles.get(userID);
  if (!profile) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  const sig = await issueUserSig(d, userID);
  return { userID, userSig: sig.userSig, expiresAt: sig.expiresAt, identity, profile: toProfile(profile) };
}

/**
 * Password login by userID or mobile. Every failure gives the same error (no account enumeration),
 * and failures are throttled per account and per client address.
 */
export async function passwordLogin(
  d: Domain,
  input: { account: string; password: string },
  clientKey: string,
): Promise<{ sessionID: string; session: Session }> {
  const keys = [`acct:${input.account.toLowerCase()}`, `addr:${clientKey}`];
  if (d.throttle.isLocked(keys)) throw ParleyError.of('LOGIN_LOCKED');
  const account =
    (await d.storage.accounts.get(input.account)) ?? (await d.storage.accounts.findByMobile(input.account));
  const ok = account?.passwordHash ? await verifyPassword(input.password, account.passwordHash) : false;
  if (!account || !ok) {
    d.throttle.fail(keys);
    throw ParleyError.of('WRONG_CREDENTIALS');
  }
  d.throttle.succeed(keys);
  const sessionID = randomBytes(32).toString('base64url');
  const now = nowSeconds(d);
  await d.storage.sessions.create({
    idHash: hashSessionID(sessionID),
    userID: account.userID,
    createdAt: now,
    expiresAt: now + d.sessionSeconds,
  });
  return { sessionID, session: await sessionFor(d, account.userID, account.identity) };
}

/** The session behind a cookie, with a fresh userSig; throws 70061 when absent or expired. */
export async function resumeSession(d: Domain, sessionID: string | undefined): Promise<Session> {
  if (!sessionID) throw ParleyError.of('SESSION_REQUIRED');
  const row = await d.storage.sessions.get(hashSessionID(sessionID));
  if (!row || row.expiresAt <= nowSeconds(d)) throw ParleyError.of('SESSION_REQUIRED');
  const account = await d.storage.accounts.get(row.userID);
  if (!account) throw ParleyError.of('SESSION_REQUIRED');
  return sessionFor(d, account.userID, account.identity);
}

export async function endSession(d: Domain, sessionID: string | undefined): Promise<void> {
  if (sessionID) await d.storage.sessions.delete(hashSessionID(sessionID));
}
