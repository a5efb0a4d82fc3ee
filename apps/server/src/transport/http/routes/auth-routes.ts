import { LoginRequestSchema, OkSchema, ROUTES, SESSION_COOKIE, SessionSchema } from '@parley/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endSession, passwordLogin, resumeSession } from '../../../domain/accounts/actions.ts';
import type { Domain } from '../../../domain/context.ts';
import type { App } from '../app-type.ts';
import { requireOrigin } from '../auth.ts';

const tags = ['auth'];

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number): void {
  void reply.setCookie(SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge,
  });
}

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
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { sessionID, session } = await passwordLogin(d, request.body, request.ip);
      setSessionCookie(request, reply, sessionID, d.sessionSeconds);
      return session;
    },
  );

  app.get(
    ROUTES.session,
    { schema: { tags, summary: 'The current browser session with a fresh userSig', response: { 200: SessionSchema } } },
    async (request) => resumeSession(d, request.cookies[SESSION_COOKIE]),
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
