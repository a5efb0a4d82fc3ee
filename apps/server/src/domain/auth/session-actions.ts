import { createHash, randomBytes } from 'node:crypto';
import { ParleyError, type Session } from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';
import { toProfile } from '../profiles/profile-view.ts';
import { KICK, SESSION_ENDED, type SessionEnded, sessionTopic } from './session-events.ts';
import { throttleSubject } from './login-throttle.ts';
import { signUserSig } from './usersig.ts';

/** The sessions table keeps only a hash of the cookie: a leaked table opens no session. */
export const hashSessionID = (raw: string) => createHash('sha256').update(raw).digest('base64url');

function publish(d: Domain, userID: string, event: Omit<SessionEnded, 'type'>): void {
  d.bus.publish(sessionTopic(userID), { type: SESSION_ENDED, ...event }).catch(d.onPublishError);
}

/** A Session for the browser: its userSig is bound to the session (`sid`, SES1) and dies with it. */
async function sessionFor(
  d: Domain,
  userID: string,
  identity: number,
  sid: string,
  expiresAt: number,
  now = nowSeconds(d),
) {
  const profile = await d.storage.profiles.get(userID);
  if (!profile) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  // Never outlive the session it is bound to.
  const seconds = Math.max(1, Math.min(d.userSigExpireSeconds, expiresAt - now));
  const userSig = signUserSig(d.secret, userID, now, seconds, { sid });
  return { userID, userSig, expiresAt: now + seconds, identity, profile: toProfile(profile) } satisfies Session;
}

/**
 * Password login by userID or mobile. Every failure gives the same error and costs the same hash (no
 * account enumeration, THR5); attempts are throttled per account and address before the hash (THR1-3,
 * ABU33-ABU35).
 */
export async function passwordLogin(
  d: Domain,
  input: { account: string; password: string },
  clientAddress: string,
): Promise<{ sessionID: string; session: Session }> {
  // The account first, so whichever identifier names it counts against one budget (ABU33).
  const account =
    (await d.storage.accounts.get(input.account)) ?? (await d.storage.accounts.findByMobile(input.account));
  const admission = await d.throttle
    .admit(throttleSubject(account?.userID, input.account), clientAddress)
    .catch((err: unknown) => {
      d.meter.logins.throttled.inc();
      throw err;
    });
  const ok = await d.throttle.check(input.password, account?.passwordHash);
  if (!account || !ok) {
    d.meter.logins.failed.inc();
    throw ParleyError.of('WRONG_CREDENTIALS');
  }
  // Only after the right password: a disabled account is no easier to find than any other (ADM20).
  if (account.disabledAt) throw ParleyError.of('ACCOUNT_DISABLED');
  d.meter.logins.succeeded.inc();
  await d.throttle.succeeded(admission);
  const sessionID = randomBytes(32).toString('base64url');
  const idHash = hashSessionID(sessionID);
  const now = nowSeconds(d);
  const expiresAt = now + d.sessionSeconds;
  await d.storage.sessions.create({ idHash, userID: account.userID, createdAt: now, expiresAt });
  // The session's first userSig starts when the session does, so it lasts exactly as long (AUTH20).
  return { sessionID, session: await sessionFor(d, account.userID, account.identity, idHash, expiresAt, now) };
}

/** The session behind a cookie with a fresh userSig; undefined when there is none (a visitor, SES9). */
export async function resumeSession(d: Domain, sessionID: string | undefined): Promise<Session | undefined> {
  if (!sessionID) return undefined;
  const idHash = hashSessionID(sessionID);
  const row = await d.storage.sessions.get(idHash);
  if (!row || row.expiresAt <= nowSeconds(d)) return undefined;
  const account = await d.storage.accounts.get(row.userID);
  if (!account || account.disabledAt) return undefined;
  return sessionFor(d, account.userID, account.identity, idHash, row.expiresAt);
}

/** Sign-out: the row goes, then every socket of the session is told and closed (SES2, SES3). */
export async function endSession(d: Domain, sessionID: string | undefined): Promise<void> {
  if (!sessionID) return;
  const idHash = hashSessionID(sessionID);
  const row = await d.storage.sessions.get(idHash);
  if (!row) return;
  await d.storage.sessions.delete(idHash);
  publish(d, row.userID, { sid: idHash, kick: KICK.SIGNED_OUT });
}

/**
 * A password change (SES11): every other browser session of the user ends, and their sockets are told and closed as
 * at a sign-out; the session that made the change stays.
 */
export async function endOtherSessions(d: Domain, userID: string, keepIdHash: string): Promise<number> {
  const ended = await d.storage.sessions.deleteOthers(userID, keepIdHash);
  for (const sid of ended) publish(d, userID, { sid, kick: KICK.SIGNED_OUT });
  return ended.length;
}

/**
 * Admin revoke (SES5): every userSig issued to the user so far stops working, on HTTP and on open
 * sockets, and every browser session of the user ends. Returns the new generation.
 */
export async function revokeUserSigs(d: Domain, userID: string): Promise<{ userID: string; generation: number }> {
  const generation = await d.storage.transaction(async (tx) => {
    const gen = await tx.accounts.bumpTokenGen(userID);
    if (gen === undefined) throw ParleyError.of('ACCOUNT_NOT_FOUND');
    await tx.sessions.deleteForUser(userID);
    return gen;
  });
  publish(d, userID, { gen: generation, kick: KICK.REVOKED });
  return { userID, generation };
}

/** Deletes expired sessions (SES7); returns how many. */
export function sweepExpiredSessions(d: Domain): Promise<number> {
  return d.storage.sessions.deleteExpired(nowSeconds(d));
}

/** Runs the sweep now and then every `intervalMs`; returns the stop function. Errors go to `onError`. */
export function startSessionSweep(d: Domain, intervalMs: number, onError: (err: unknown) => void): () => void {
  const run = () => void sweepExpiredSessions(d).catch(onError);
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
