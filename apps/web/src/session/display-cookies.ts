import type { Session } from '@parley/chat';

/**
 * The seed portal keeps `userid` and `identity` cookies for display code. Parley writes them for compatibility,
 * but the server never trusts them: the HttpOnly session cookie is the only credential.
 */
const NAMES = ['userid', 'identity'] as const;
/** Matches the userSig lifetime (7 days); the session check on start refreshes them anyway. */
const MAX_AGE_SECONDS = 604_800;

function write(name: string, value: string, maxAge: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: plain display cookies, readable by design
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax`;
}

export function setDisplayCookies(session: Session): void {
  write('userid', session.userID, MAX_AGE_SECONDS);
  write('identity', String(session.identity), MAX_AGE_SECONDS);
}

export function clearDisplayCookies(): void {
  for (const name of NAMES) write(name, '', 0);
}
