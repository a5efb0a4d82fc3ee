import { ADMIN_CONSOLE_ROUTES, type AdminMe, type AdminRole, adminConsolePath } from '@parley/protocol';

/** A refused console call: the server's error code (ERRORS) and HTTP status. */
export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The console's one way to the server (ADM5): same-origin JSON with the console's HttpOnly cookie, which the page
 * never sees. A 401 means the console session ended; the shell shows the sign-in form again.
 */
export async function consoleCall<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => ({}))) as { code?: number; message?: string };
  if (!res.ok) throw new ConsoleError(res.status, json.code ?? 0, json.message ?? res.statusText);
  return json as T;
}

export const R = ADMIN_CONSOLE_ROUTES;
export const path = adminConsolePath;

export const signIn = (name: string, password: string) => consoleCall<AdminMe>('POST', R.login, { name, password });
export const signOut = () => consoleCall<object>('POST', R.logout, {});
export const whoAmI = () => consoleCall<AdminMe>('GET', R.me);

/** ADM8 as the console shows it: what a role may press. The server checks again on every call. */
export const can = {
  moderate: (role: AdminRole) => role === 'operator' || role === 'moderator',
  operate: (role: AdminRole) => role === 'operator',
};
