import { ADMIN_KEY_HEADER, ROUTES } from '@parley/protocol';
import { ADMIN_KEY } from '../../reliability/lib/parley-server.ts';
import { type RawResponse, send, sessionCookieOf } from './http.ts';
import type { Site } from './servers.ts';

export const PASSWORD = 'security-suite-pass';

export interface User {
  userID: string;
  password: string;
  userSig: string;
}

export async function admin(site: Site, path: string, body: unknown): Promise<RawResponse> {
  return send({ port: site.port, method: 'POST', path, headers: { [ADMIN_KEY_HEADER]: ADMIN_KEY }, body });
}

/** Creates an account (with a password) through the admin API and issues it a userSig. */
export async function createUser(site: Site, userID: string, profile: Record<string, unknown> = {}): Promise<User> {
  const body = { userID, password: PASSWORD, identity: 1, ...(Object.keys(profile).length ? { profile } : {}) };
  const created = await admin(site, ROUTES.adminAccounts, body);
  if (created.status !== 201) throw new Error(`create ${userID}: ${created.status} ${created.text}`);
  return { userID, password: PASSWORD, userSig: await issueUserSig(site, userID) };
}

export async function issueUserSig(site: Site, userID: string, expire?: number): Promise<string> {
  const res = await admin(site, ROUTES.adminUserSig, expire === undefined ? { userID } : { userID, expire });
  const userSig = (res.json as { userSig?: unknown } | undefined)?.userSig;
  if (typeof userSig !== 'string') throw new Error(`usersig ${userID}: ${res.status} ${res.text}`);
  return userSig;
}

export interface LoginOptions {
  origin?: string | undefined;
  /** Sent as X-Forwarded-For (only a trusted proxy's is believed). */
  forwardedFor?: string | undefined;
  localAddress?: string | undefined;
  onSent?: (() => void) | undefined;
}

export interface LoginResult {
  res: RawResponse;
  cookie: string | undefined;
  userSig: string | undefined;
}

export async function login(site: Site, account: string, password: string, o: LoginOptions = {}): Promise<LoginResult> {
  const headers: Record<string, string> = {};
  if (o.origin) headers.origin = o.origin;
  if (o.forwardedFor) headers['x-forwarded-for'] = o.forwardedFor;
  const res = await send({
    port: site.port,
    method: 'POST',
    path: ROUTES.login,
    headers,
    body: { account, password },
    localAddress: o.localAddress,
    onSent: o.onSent,
    timeoutMs: 30_000,
  });
  const userSig = (res.json as { userSig?: unknown } | undefined)?.userSig;
  return { res, cookie: sessionCookieOf(res), userSig: typeof userSig === 'string' ? userSig : undefined };
}

/**
 * True when a GET session answer hands out a session. A visitor without one may get 401 or an empty 204 (a probe
 * the web app makes on every load): only an answer carrying a userSig means the cookie was accepted.
 */
export function grantsSession(res: RawResponse): boolean {
  const userSig = (res.json as { userSig?: unknown } | undefined)?.userSig;
  return res.status === 200 && typeof userSig === 'string' && userSig !== '';
}

export const bearer = (userSig: string): Record<string, string> => ({ authorization: `Bearer ${userSig}` });

/** A text message over HTTP; the answer as is. */
export function sendText(site: Site, from: User, to: string, ID: string, text: string, extra: object = {}) {
  return send({
    port: site.port,
    method: 'POST',
    path: '/api/v1/messages',
    headers: bearer(from.userSig),
    body: { ID, conversationType: 'C2C', to, type: 'TIMTextElem', payload: { text }, ...extra },
  });
}

/** The whole C2C history of `user` with `peer`, oldest first (catch-up pages, rule SYNC2). */
export async function history(site: Site, user: User, peer: string): Promise<{ ID: string; payload: unknown }[]> {
  const all: { ID: string; payload: unknown; sequence: number }[] = [];
  for (let page = 0; page < 1000; page += 1) {
    const after = all.at(-1)?.sequence ?? 0;
    const res = await send({
      port: site.port,
      method: 'GET',
      path: `/api/v1/conversations/${encodeURIComponent(`C2C${peer}`)}/messages?afterSeq=${after}&count=100`,
      headers: bearer(user.userSig),
    });
    if (res.status !== 200) throw new Error(`history ${user.userID}/${peer}: ${res.status} ${res.text}`);
    const body = res.json as {
      messageList: { ID: string; payload: unknown; sequence: number }[];
      isCompleted: boolean;
    };
    all.push(...body.messageList);
    if (body.isCompleted || body.messageList.length === 0) return all;
  }
  throw new Error('history did not end');
}
