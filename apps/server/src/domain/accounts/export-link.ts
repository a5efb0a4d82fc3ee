import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * PDAT6: a download link for the archive, good for a few minutes. The browser follows it as a plain link, so the
 * archive streams to disk instead of into the page's memory; the link is a capability (its HMAC under the server
 * secret), bound to one user and an expiry, and worthless after it.
 */
export const EXPORT_LINK_SECONDS = 600;

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`parley-export|${body}`).digest('base64url');

export function signExportToken(secret: string, userID: string, expiresAt: number): string {
  const body = `${Buffer.from(userID, 'utf8').toString('base64url')}.${expiresAt}`;
  return `${body}.${mac(secret, body)}`;
}

/** The user the token was issued to, or undefined (forged, malformed or expired). */
export function verifyExportToken(secret: string, token: string, now: number): string | undefined {
  const m = /^([A-Za-z0-9_-]{1,200})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return undefined;
  const [, user, exp, given] = m as unknown as [string, string, string, string];
  const want = Buffer.from(mac(secret, `${user}.${exp}`));
  if (!timingSafeEqual(want, Buffer.from(given)) || Number(exp) <= now) return undefined;
  return Buffer.from(user, 'base64url').toString('utf8');
}
