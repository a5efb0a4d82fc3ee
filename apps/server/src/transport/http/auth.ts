import { ADMIN_KEY_HEADER, AUTH_SCHEME, ParleyError } from '@parley/protocol';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../../domain/auth/token-check.ts';
import type { Domain } from '../../domain/context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` from a verified userSig. */
    userID: string;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme === AUTH_SCHEME && token ? token : undefined;
}

/**
 * preHandler: verifies the userSig in `Authorization: Bearer …` and that it was not revoked (SES1, SES5);
 * the user ID comes only from it.
 */
export function requireUser(d: Domain) {
  return async (request: FastifyRequest): Promise<void> => {
    const claims = await authenticate(d, bearerToken(request));
    request.userID = claims.uid;
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** preHandler for the admin API; refuses everything when no admin key is configured. */
export function requireAdmin(adminKey: string | undefined, options: { bearer?: boolean } = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    let given = request.headers[ADMIN_KEY_HEADER];
    // A scraper such as Prometheus sends `Authorization: Bearer <key>` (its `authorization` setting), not a header
    // of our own (MET2).
    const authorization = request.headers.authorization;
    if (given === undefined && options.bearer && authorization?.startsWith('Bearer ')) {
      given = authorization.slice('Bearer '.length);
    }
    if (!adminKey || typeof given !== 'string' || !timingSafeEqual(digest(given), digest(adminKey))) {
      throw ParleyError.of('ADMIN_REQUIRED');
    }
  };
}

/**
 * Cookie-authenticated writes and WebSocket upgrades must come from a configured origin: the public
 * origin (PARLEY_PUBLIC_ORIGIN) or an extra allowed one. Never from the Host header, which a DNS-rebinding
 * page controls (HDR5). Requests without an Origin header (non-browser clients) carry no ambient cookie risk.
 */
export function originAllowed(
  request: { headers: { origin?: string | undefined } },
  allowed: readonly string[],
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return allowed.includes(origin);
}

export function requireOrigin(allowed: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!originAllowed(request, allowed)) throw ParleyError.of('FORBIDDEN_ORIGIN');
  };
}
