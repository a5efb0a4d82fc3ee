import { createHash, randomBytes } from 'node:crypto';
import { type AdminMe, type AdminRole, ParleyError } from '@parley/protocol';
import { hashPassword } from '../auth/password.ts';
import { type Domain, nowSeconds } from '../context.ts';
import type { AdminConsoleStore, NewAuditEntry } from './ports.ts';

/** What every console action receives: the domain it acts through and the console's store. */
export interface Console {
  readonly d: Domain;
  readonly store: AdminConsoleStore;
  /** Console sessions last this long (ADM6): a working day, not the users' week. */
  readonly sessionSeconds: number;
}

/** The signed-in admin behind a request, and the address the request came from (ADM13). */
export interface Actor extends AdminMe {
  readonly address: string;
}

const hashID = (raw: string) => createHash('sha256').update(raw).digest('base64url');

/** The part of the console the audit log and the CLI need. */
type Recorder = { readonly d: Pick<Domain, 'clock'>; readonly store: AdminConsoleStore };

/** ADM12: every admin action is appended after it succeeded; nothing else ever writes the log. */
export async function audit(
  c: Recorder,
  actor: Pick<Actor, 'name' | 'role' | 'address'>,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const entry: NewAuditEntry = {
    at: nowSeconds(c.d),
    actor: actor.name,
    role: actor.role,
    action,
    target,
    detail: JSON.stringify(detail),
    address: actor.address,
  };
  await c.store.appendAudit(entry);
}

/**
 * ADM9: console login. Throttled by the users' login throttle under a subject of its own (`adm:<name>`), counted
 * before the hash; an unknown name costs the same hash and gives the same answer as a wrong password.
 */
export async function adminLogin(
  c: Console,
  input: { name: string; password: string },
  address: string,
): Promise<{ sessionID: string; me: AdminMe }> {
  const name = input.name.trim().toLowerCase();
  const account = await c.store.getAdmin(name);
  const admission = await c.d.throttle.admit(`adm:${name}`, address);
  const ok = await c.d.throttle.check(input.password, account?.passwordHash);
  if (!account || !ok) throw ParleyError.of('WRONG_CREDENTIALS');
  await c.d.throttle.succeeded(admission);
  const sessionID = randomBytes(32).toString('base64url');
  const now = nowSeconds(c.d);
  await c.store.createSession({ idHash: hashID(sessionID), name, createdAt: now, expiresAt: now + c.sessionSeconds });
  const me = { name, role: account.role };
  await audit(c, { ...me, address }, 'admin.login', name);
  return { sessionID, me };
}

/** The admin behind a console cookie; undefined when none, expired, or the admin account is gone. */
export async function resumeAdmin(c: Console, sessionID: string | undefined): Promise<AdminMe | undefined> {
  if (!sessionID) return undefined;
  const row = await c.store.getSession(hashID(sessionID));
  if (!row || row.expiresAt <= nowSeconds(c.d)) return undefined;
  const account = await c.store.getAdmin(row.name);
  return account && { name: account.name, role: account.role };
}

export async function adminLogout(c: Console, sessionID: string | undefined, actor: Actor): Promise<void> {
  if (sessionID) await c.store.deleteSession(hashID(sessionID));
  await audit(c, actor, 'admin.logout', actor.name);
}

/**
 * ADM10: an admin account, made only outside the console (the `npm run admin` CLI or PARLEY_ADMIN_BOOTSTRAP), so no
 * browser ever holds the power to mint admins. `by` names who made it in the audit log.
 */
export async function createAdminAccount(
  c: Recorder,
  input: { name: string; role: AdminRole; password: string },
  by: 'cli' | 'bootstrap',
): Promise<AdminMe> {
  const name = input.name.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9._-]{0,31}$/.test(name)) throw ParleyError.of('INVALID_PARAMS', 'Bad admin name');
  if (input.password.length < 10) throw ParleyError.of('INVALID_PARAMS', 'The password needs at least 10 characters');
  const created = await c.store.createAdmin({
    name,
    role: input.role,
    passwordHash: await hashPassword(input.password),
    createdAt: nowSeconds(c.d),
  });
  if (!created) throw ParleyError.of('ACCOUNT_EXISTS', 'The admin account already exists');
  await audit(c, { name: by, role: 'operator', address: 'local' }, 'admin.create', name, { role: input.role });
  return { name, role: input.role };
}
