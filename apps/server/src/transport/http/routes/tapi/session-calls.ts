import { PORTAL_COOKIES, type PortalLoginRequest, type RegisterRequest, SESSION_COOKIE } from '@parley/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { portalLogin, portalLogout, portalRegister } from '../../../../domain/portal/account-actions.ts';
import type { Domain } from '../../../../domain/context.ts';

/**
 * The session cookie as POST /api/v1/auth/login sets it, plus the seed's display cookies `userid` and
 * `identity` (readable by the page; the server never reads them, PRT6).
 */
function setLoginCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  d: Domain,
  sid: string,
  uid: string,
  identity: number,
) {
  const base = { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: d.sessionSeconds };
  void reply.setCookie(SESSION_COOKIE, sid, { ...base, httpOnly: true });
  void reply.setCookie(PORTAL_COOKIES.userid, uid, { ...base, httpOnly: false });
  void reply.setCookie(PORTAL_COOKIES.identity, String(identity), { ...base, httpOnly: false });
  void reply.header('cache-control', 'no-store');
}

/**
 * Each call declares its payload's type (the protocol schema's static type); the route hands it the payload its
 * schema checked. `never` here lets every call keep its own payload type without `any`.
 */
type SessionCall = (d: Domain, payload: never, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Calls that open or end the browser session, and registration beside them (PRT7). */
export const SESSION_CALLS: Record<string, SessionCall> = {
  'user/login': async (d, p: PortalLoginRequest, request, reply) => {
    const { sessionID, data } = await portalLogin(d, p, request.ip);
    setLoginCookies(request, reply, d, sessionID, data.uid, data.identity);
    return data;
  },
  // No session: the same answer whether the number was free or taken (ABU38); the page signs in next.
  'user/register': (d, p: RegisterRequest, request) => portalRegister(d, p, request.ip),
  'user/logout': async (d, _p: Record<string, never>, request, reply) => {
    await portalLogout(d, request.cookies[SESSION_COOKIE]);
    for (const name of [SESSION_COOKIE, PORTAL_COOKIES.userid, PORTAL_COOKIES.identity]) {
      void reply.clearCookie(name, { path: '/' });
    }
    return null;
  },
};
