import { PORTAL_DEV_IV, PORTAL_DEV_KEY, type PortalCallName, SESSION_COOKIE } from '@parley/protocol';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { portalCipher } from '../../src/transport/http/routes/tapi/envelope.ts';
import { type MakeAppOptions, makeApp } from './app.ts';
import { KINDS, pgUrl } from './messaging.ts';
import { freshPostgres } from './storage.ts';

export { KINDS };

/** The seed's client side of the envelope, with the development key unless a test names another. */
export const devCipher = portalCipher(PORTAL_DEV_KEY, PORTAL_DEV_IV);

export interface TapiAnswer {
  status: number;
  /** The HTTP body: {code, msg, data} after the envelope, {code, message} when the envelope was refused. */
  body: { code: number; msg?: string; message?: string; data?: string };
  /** The decrypted `data` of a success, undefined otherwise. */
  data: unknown;
  res: LightMyRequestResponse;
}

export interface TapiOptions {
  cookies?: Record<string, string>;
  /** The raw form field instead of the encrypted payload. */
  rawData?: string;
  headers?: Record<string, string>;
  cipher?: typeof devCipher;
}

/** One `/tapi/` call as the seed's client makes it. */
export async function tapi(
  app: FastifyInstance,
  name: PortalCallName | string,
  payload: unknown = {},
  options: TapiOptions = {},
): Promise<TapiAnswer> {
  const cipher = options.cipher ?? devCipher;
  const data = options.rawData ?? cipher.encrypt(payload);
  const res = await app.inject({
    method: 'POST',
    url: `/tapi/${name}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    payload: new URLSearchParams({ data }).toString(),
    ...(options.cookies ? { cookies: options.cookies } : {}),
  });
  const body = res.json() as TapiAnswer['body'];
  const ok = res.statusCode === 200 && body.code === 1 && typeof body.data === 'string' && body.data !== '';
  return { status: res.statusCode, body, data: ok ? cipher.decode(body.data as string) : undefined, res };
}

export const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** The session cookie of a login or register answer. */
export function sessionOf(answer: TapiAnswer): Record<string, string> {
  const c = cookieOf(answer.res, SESSION_COOKIE);
  if (!c) throw new Error(`no session cookie: ${JSON.stringify(answer.body)}`);
  return { [SESSION_COOKIE]: c.value };
}

/** An app on SQLite or on a fresh PostgreSQL schema; closed by cleanupApps (and `close` for the schema). */
export async function makePortalApp(
  kind: 'sqlite' | 'postgres',
  options: MakeAppOptions = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const overrides = { ...options.overrides };
  let close = async () => {};
  if (kind === 'postgres' && pgUrl) {
    const pg = await freshPostgres(pgUrl);
    overrides.storage = pg.storage;
    close = pg.close;
  }
  const { app } = await makeApp({ ...options, overrides });
  return {
    app,
    close: async () => {
      await app.close();
      await close();
    },
  };
}
