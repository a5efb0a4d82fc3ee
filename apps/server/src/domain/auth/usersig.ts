import { createHmac, timingSafeEqual } from 'node:crypto';
import { ParleyError } from '@parley/protocol';

/**
 * userSig: `p1.<base64url(JSON claims)>.<base64url(HMAC-SHA256)>` (decision 0002). Claims carry the
 * userID, issue time and expiry in seconds. The secret never leaves the server.
 */
const PREFIX = 'p1';

export interface UserSigClaims {
  uid: string;
  iat: number;
  exp: number;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

export function signUserSig(secret: string, userID: string, nowSeconds: number, expireSeconds: number): string {
  const claims: UserSigClaims = { uid: userID, iat: nowSeconds, exp: nowSeconds + expireSeconds };
  const body = `${PREFIX}.${b64(JSON.stringify(claims))}`;
  return `${body}.${b64(mac(secret, body))}`;
}

function parseClaims(encoded: string): UserSigClaims | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { uid, iat, exp } = value as Record<string, unknown>;
    if (typeof uid !== 'string' || uid === '' || !Number.isInteger(iat) || !Number.isInteger(exp)) return undefined;
    return { uid, iat: iat as number, exp: exp as number };
  } catch {
    return undefined;
  }
}

/** Verifies signature, then expiry, then (if given) the expected userID. Throws TIM-coded errors. */
export function verifyUserSig(
  secret: string,
  token: string | undefined,
  nowSeconds: number,
  expectedUserID?: string,
): UserSigClaims {
  if (!token) throw ParleyError.of('USERSIG_EMPTY');
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX || !parts[1] || !parts[2]) throw ParleyError.of('USERSIG_CORRUPT');
  const given = Buffer.from(parts[2], 'base64url');
  const expected = mac(secret, `${parts[0]}.${parts[1]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw ParleyError.of('USERSIG_FORGED');
  const claims = parseClaims(parts[1]);
  if (!claims) throw ParleyError.of('USERSIG_CORRUPT');
  if (claims.exp <= nowSeconds) throw ParleyError.of('USERSIG_EXPIRED', undefined, { expiredAt: claims.exp });
  if (expectedUserID !== undefined && expectedUserID !== claims.uid) throw ParleyError.of('USERSIG_USER_MISMATCH');
  return claims;
}
