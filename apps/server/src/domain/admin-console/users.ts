import { type AdminCreateUser, type AdminUserDetail, ADMIN_CONSOLE_LIMITS, ParleyError } from '@parley/protocol';
import { createAccount } from '../accounts/actions.ts';
import { hashPassword } from '../auth/password.ts';
import { revokeUserSigs } from '../auth/session-actions.ts';
import { nowSeconds } from '../context.ts';
import { type Actor, type Console, audit } from './console.ts';
import { requireAbility } from './roles.ts';

/** ADM15: by user ID, nickname or mobile (prefix of the ID and mobile, part of the nickname). */
export async function searchUsers(c: Console, actor: Actor, q: string) {
  requireAbility(actor.role, 'read');
  return { users: await c.store.searchUsers(q.trim(), ADMIN_CONSOLE_LIMITS.usersPage) };
}

export async function userDetail(c: Console, actor: Actor, userID: string): Promise<AdminUserDetail> {
  requireAbility(actor.role, 'read');
  const user = await c.store.userSummary(userID);
  if (!user) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  const sessions = await c.store.userSessions(userID, nowSeconds(c.d));
  const online = (await c.d.presence.statuses([userID])).get(userID)?.online ?? false;
  return { user, sessions, online };
}

/** ADM16: operators only; the domain's own account creation, so the same checks as the admin API apply. */
export async function createUser(c: Console, actor: Actor, input: AdminCreateUser) {
  requireAbility(actor.role, 'operate');
  await createAccount(c.d, {
    userID: input.userID,
    password: input.password,
    ...(input.mobile ? { mobile: input.mobile } : {}),
    profile: { nick: input.nick ?? '' },
  });
  await audit(c, actor, 'user.create', input.userID, { mobile: input.mobile ?? null });
  return userDetail(c, actor, input.userID);
}

/**
 * ADM20: a disabled user cannot log in or resume a session, and every token and socket it had ends at once, on every
 * node (the revoke's bus event, SES5). Enabling lets it log in again; nothing else comes back.
 */
export async function setUserDisabled(c: Console, actor: Actor, userID: string, disabled: boolean) {
  requireAbility(actor.role, 'moderate');
  if (!(await c.store.setDisabled(userID, disabled ? nowSeconds(c.d) : 0))) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  if (disabled) await revokeUserSigs(c.d, userID);
  await audit(c, actor, disabled ? 'user.disable' : 'user.enable', userID);
  return userDetail(c, actor, userID);
}

/** ADM21: operators only; the old sessions end, as after the user's own password change. */
export async function resetPassword(c: Console, actor: Actor, userID: string, password: string) {
  requireAbility(actor.role, 'operate');
  if (!(await c.store.setPasswordHash(userID, await hashPassword(password)))) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  await revokeUserSigs(c.d, userID);
  await audit(c, actor, 'user.password', userID);
  return userDetail(c, actor, userID);
}

/** ADM22: every session and token of the user ends; its sockets on every node are kicked (SES5's bus event). */
export async function revokeSessions(c: Console, actor: Actor, userID: string) {
  requireAbility(actor.role, 'moderate');
  await revokeUserSigs(c.d, userID);
  await audit(c, actor, 'user.revoke', userID);
  return userDetail(c, actor, userID);
}
