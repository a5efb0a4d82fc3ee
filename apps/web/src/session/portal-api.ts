import type { Session } from '@parley/chat';

/**
 * Browser-session endpoints (cookie `parley_sid`, HttpOnly). The paths mirror ROUTES in @parley/protocol; the web
 * app reaches the protocol only through the SDK, so they are repeated here rather than imported.
 */
const PATHS = {
  login: '/api/v1/auth/login',
  session: '/api/v1/auth/session',
  logout: '/api/v1/auth/logout',
} as const;

/** Error codes the portal reacts to (the protocol's error catalogue). */
export const PORTAL_ERROR = {
  NETWORK: 2800,
  TIMEOUT: 2801,
  RATE_LIMITED: 60007,
  LOCKED: 70050,
  WRONG_CREDENTIALS: 70060,
  SESSION_REQUIRED: 70061,
} as const;

export class PortalError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'PortalError';
    this.code = code;
  }
}

export interface Credentials {
  account: string;
  password: string;
}

export interface PortalApi {
  login(credentials: Credentials): Promise<Session>;
  /** The live session, or null for a visitor (the server answers 204: an expected state, not an error). */
  session(): Promise<Session | null>;
  logout(): Promise<void>;
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  if (typeof AbortSignal.timeout === 'function') init.signal = AbortSignal.timeout(10_000);
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw new PortalError(timedOut ? PORTAL_ERROR.TIMEOUT : PORTAL_ERROR.NETWORK, String(err));
  }
  if (response.status === 204) return null as T;
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = json as { code?: unknown; message?: unknown } | undefined;
    const code = typeof error?.code === 'number' ? error.code : PORTAL_ERROR.NETWORK;
    throw new PortalError(code, typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`);
  }
  return json as T;
}

export const portalApi: PortalApi = {
  login: (credentials) => request<Session>('POST', PATHS.login, credentials),
  session: () => request<Session | null>('GET', PATHS.session),
  logout: async () => {
    await request<unknown>('POST', PATHS.logout, {});
  },
};
