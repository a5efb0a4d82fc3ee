import { randomBytes } from 'node:crypto';
import {
  ERRORS,
  GENDER,
  IDENTITY,
  ParleyError,
  type PortalLoginData,
  type PasswordChangeRequest,
  type PortalLoginRequest,
  type RegisterRequest,
  type Session,
  type UserShowData,
} from '@parley/protocol';
import { createAccount } from '../accounts/actions.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { endOtherSessions, endSession, passwordLogin } from '../auth/session-actions.ts';
import type { Domain } from '../context.ts';
import { totalUnread } from '../conversations/actions.ts';
import { type PortalCaller, ownUser } from './access.ts';
import { checkMobile, checkName, checkPassword } from './account-rules.ts';
import { resumeStatus } from './resume-actions.ts';

export interface PortalLogin {
  sessionID: string;
  data: PortalLoginData;
}

const loginData = (session: Session): PortalLoginData => ({
  uid: session.userID,
  identity: session.identity,
  username: session.profile.nick,
  session,
});

/**
 * PRT7: the auth API's password login (throttle, one error for a wrong mobile or password) by mobile, then the
 * account kind of the login page; a wrong kind ends the session just opened and is refused.
 */
export async function portalLogin(d: Domain, input: PortalLoginRequest, clientAddress: string): Promise<PortalLogin> {
  const { sessionID, session } = await passwordLogin(
    d,
    { account: input.mobile.trim(), password: input.password },
    clientAddress,
  );
  if (session.identity !== input.identity) {
    await endSession(d, sessionID);
    throw ParleyError.of('PORTAL_WRONG_IDENTITY', 'This account is not of the kind this login page is for');
  }
  return { sessionID, data: loginData(session) };
}

/** A generated chat user ID: the mobile number is not exposed as an ID. */
const newUserID = (identity: number) =>
  `${identity === IDENTITY.ENTERPRISE ? 'qy' : 'js'}_${randomBytes(6).toString('hex')}`;

/**
 * PRT7-PRT10, ABU38, ABU39 (decision 0027): creates the account (a chat user too) and, for an enterprise, its company.
 * A number already registered gets the same answer as a free one, after the same password hash, and nothing changes:
 * registration tells nobody which numbers are taken, and opens no session (the page signs in next, with the throttle
 * of every login). Attempts are counted per address before the hash.
 */
export async function portalRegister(d: Domain, input: RegisterRequest, clientAddress: string): Promise<null> {
  const mobile = checkMobile(input.mobile);
  checkPassword(input.password, mobile);
  const name = checkName(input.name);
  await d.throttle.admitRegistration(clientAddress);
  const userID = newUserID(input.identity);
  try {
    await createAccount(d, {
      userID,
      password: input.password,
      mobile,
      identity: input.identity,
      profile: { nick: name, gender: GENDER.UNKNOWN },
    });
  } catch (err) {
    if (err instanceof ParleyError && err.code === ERRORS.ACCOUNT_EXISTS.code) return null;
    throw err;
  }
  if (input.identity === IDENTITY.ENTERPRISE) {
    await d.storage.portal.putCompany({ userID, title: name, intro: '', scale: '', industry: '', address: '' });
  }
  return null;
}

export const portalLogout = (d: Domain, sessionID: string | undefined) => endSession(d, sessionID);

/** PRT11: the top bar's user info, own uid only. */
export async function userShow(d: Domain, caller: PortalCaller, uid: string): Promise<UserShowData> {
  const userID = ownUser(caller, uid);
  const [account, profile] = await Promise.all([d.storage.accounts.get(userID), d.storage.profiles.get(userID)]);
  if (!account || !profile) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  const company = account.identity === IDENTITY.ENTERPRISE ? await d.storage.portal.company(userID) : undefined;
  const status = account.identity === IDENTITY.JOB_SEEKER ? (await resumeStatus(d, userID)).jl_status : 0;
  return {
    uid: userID,
    identity: account.identity,
    username: profile.nick,
    mobile: account.mobile ?? '',
    qy: account.identity === IDENTITY.ENTERPRISE ? { title: company?.title ?? profile.nick } : null,
    jl_status: status,
    read: await totalUnread(d, userID),
  };
}

/** PRT21: the current password first; the new one follows PRT9. Other sessions stay (the user is the same). */
/** A password change asks the current password (PRT21) and ends the account's other sessions (SES11). */
export async function changePassword(
  d: Domain,
  userID: string,
  q: PasswordChangeRequest,
  keepSession: string | undefined,
): Promise<null> {
  const account = await d.storage.accounts.get(userID);
  if (!account?.passwordHash || !(await verifyPassword(q.old, account.passwordHash))) {
    throw ParleyError.of('PORTAL_WRONG_OLD_PASSWORD');
  }
  checkPassword(q.password, account.mobile ?? '');
  await d.storage.portal.setPasswordHash(userID, await hashPassword(q.password));
  if (keepSession) await endOtherSessions(d, userID, keepSession);
  return null;
}
