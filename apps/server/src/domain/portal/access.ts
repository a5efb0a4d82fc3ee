import { PORTAL_ACCESS, type PortalAccess, ParleyError } from '@parley/protocol';
import { hashSessionID } from '../auth/session-actions.ts';
import { type Domain, nowSeconds } from '../context.ts';

/** Who is calling, from the server's session only (PRT6); the display cookies are never read. */
export interface PortalCaller {
  /** Undefined for a visitor. */
  userID: string | undefined;
  identity: number;
  /** The session's hash (a password change ends the user's other sessions, SES11). */
  sid?: string;
}

export const VISITOR: PortalCaller = { userID: undefined, identity: 0 };

/** The session's user behind a `parley_sid` cookie, or a visitor. */
export async function portalCaller(d: Domain, sessionID: string | undefined): Promise<PortalCaller> {
  if (!sessionID) return VISITOR;
  const row = await d.storage.sessions.get(hashSessionID(sessionID));
  if (!row || row.expiresAt <= nowSeconds(d)) return VISITOR;
  const account = await d.storage.accounts.get(row.userID);
  return account ? { userID: account.userID, identity: account.identity, sid: row.idHash } : VISITOR;
}

const REQUIRED_IDENTITY: Partial<Record<PortalAccess, number>> = {
  [PORTAL_ACCESS.SEEKER]: 1,
  [PORTAL_ACCESS.ENTERPRISE]: 2,
};

/** PRT5: refuses a visitor where a session is needed and the wrong account kind where one is named. */
export function checkAccess(caller: PortalCaller, access: PortalAccess): void {
  if (access === PORTAL_ACCESS.PUBLIC) return;
  if (!caller.userID) throw ParleyError.of('SESSION_REQUIRED');
  const identity = REQUIRED_IDENTITY[access];
  if (identity !== undefined && caller.identity !== identity) throw ParleyError.of('PORTAL_WRONG_IDENTITY');
}

/** PRT6: a payload `uid` must be the caller's own; returns the caller's user ID. */
export function ownUser(caller: PortalCaller, uid: string | undefined): string {
  if (!caller.userID) throw ParleyError.of('SESSION_REQUIRED');
  if (uid !== undefined && uid !== caller.userID) throw ParleyError.of('PORTAL_NOT_YOURS');
  return caller.userID;
}
