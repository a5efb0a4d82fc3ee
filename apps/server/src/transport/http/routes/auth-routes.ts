import { LoginRequestSchema, OkSchema, ROUTES, SESSION_COOKIE, SessionSchema } from '@parley/protocol';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endSession, passwordLogin, resumeSession } from '../../../domain/auth/session-actions.ts';
import type { Domain } from '../../../domain/context.ts';
import type { App } from '../app-type.ts';
import { requireOrigin } from '../auth.ts';

const tags = ['auth'];
/** A CPU guard per address before any hash runs; the login throttle (THR1-THR3) does the real work. */
const LOGIN_REQUESTS_PER_MINUTE = 600;

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number): void {
  void reply.setCookie(SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // request.protocol believes X-Forwarded-Proto only from a trusted proxy (HDR4).
    secure: request.protocol === 'https',
    maxAge,
  });
}

/** Answers carrying a userSig must never be stored by a browser or a proxy (HDR3). */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function authRoutes(app: App, d: Domain, allowedOrigins: readonly string[]): void {
  const origin = requireOrigin(allowedOrigins);

  app.post(
    ROUTES.login,
    {
      schema: {
        tags,
        summary: 'Password login (userID or mobile); sets the session cookie',
        body: LoginRequestSchema,
        response: { 200: SessionSchema },
      },
      preHandler: origin,
      config: { rateLimit: { max: LOGIN_REQUESTS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { sessionID, session } = await passwordLogin(d, request.body, request.ip);
      setSessionCookie(request, reply, sessionID, d.sessionSeconds);
      noStore(reply);
      return session;
    },
  );

  app.get(
    ROUTES.session,
    {
      schema: {
        tags,
        summary: 'The current browser session with a fresh userSig; 204 for a visitor without one (SES9)',
        response: { 200: SessionSchema, 204: Type.Null() },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const session = await resumeSession(d, request.cookies[SESSION_COOKIE]);
      // Logged out is an expected state of a page load, not an error a browser would log in red.
      if (!session) return reply.code(204).send(null);
      return session;
    },
  );

  app.post(
    ROUTES.logout,
    { schema: { tags, summary: 'End the browser session', response: { 200: OkSchema } }, preHandler: origin },
    async (request, reply) => {
      await endSession(d, request.cookies[SESSION_COOKIE]);
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return {};
    },
  );
}
