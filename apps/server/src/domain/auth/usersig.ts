import { createHmac, timingSafeEqual } from 'node:crypto';
import { ParleyError } from '@parley/protocol';

/**
 * userSig: `p1.<base64url(JSON claims)>.<base64url(HMAC-SHA256)>` (decision 0002). Claims carry the
 * userID, issue time and expiry in seconds; a token issued to a browser session also names that
 * session (`sid`, rule SES1), and an admin-issued one the user's revocation generation (`gen`, SES5).
 * The secret never leaves the server.
 */
const PREFIX = 'p1';
/** 32 bytes of HMAC-SHA256 in unpadded base64url: exactly this many characters of this alphabet (SES8). */
const CANONICAL_MAC = /^[A-Za-z0-9_-]{43}$/;

export interface UserSigClaims {
  uid: string;
  iat: number;
  exp: number;
  /** The browser session the token was issued to; it dies with that session. */
  sid?: string;
  /** The user's token generation at issue time; an admin revoke raises it. */
  gen?: number;
}

export interface UserSigBinding {
  sid?: string;
  gen?: number;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

export function signUserSig(
  secret: string,
  userID: string,
  nowSeconds: number,
  expireSeconds: number,
  binding: UserSigBinding = {},
): string {
  const claims: UserSigClaims = { uid: userID, iat: nowSeconds, exp: nowSeconds + expireSeconds };
  if (binding.sid !== undefined) claims.sid = binding.sid;
  if (binding.gen) claims.gen = binding.gen;
  const body = `${PREFIX}.${b64(JSON.stringify(claims))}`;
  return `${body}.${b64(mac(secret, body))}`;
}

function parseClaims(encoded: string): UserSigClaims | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { uid, iat, exp, sid, gen } = value as Record<string, unknown>;
    if (typeof uid !== 'string' || uid === '' || !Number.isInteger(iat) || !Number.isInteger(exp)) return undefined;
    if (sid !== undefined && typeof sid !== 'string') return undefined;
    if (gen !== undefined && !Number.isInteger(gen)) return undefined;
    const claims: UserSigClaims = { uid, iat: iat as number, exp: exp as number };
    if (sid !== undefined) claims.sid = sid;
    if (gen !== undefined) claims.gen = gen as number;
    return claims;
  } catch {
    return undefined;
  }
}

/**
 * Verifies signature, then expiry, then (if given) the expected userID. Throws TIM-coded errors.
 * Stateless: whether the token was revoked is checked by `authenticate` (token-check.ts).
 */
export function verifyUserSig(
  secret: string,
  token: string | undefined,
  nowSeconds: number,
  expectedUserID?: string,
): UserSigClaims {
  if (!token) throw ParleyError.of('USERSIG_EMPTY');
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX || !parts[1] || !parts[2]) throw ParleyError.of('USERSIG_CORRUPT');
  // Node's base64url decoder skips padding and characters outside the alphabet, so a lenient comparison
  // would accept many spellings of one signature. Only the canonical one is accepted (SES8).
  if (!CANONICAL_MAC.test(parts[2])) throw ParleyError.of('USERSIG_FORGED');
  const given = Buffer.from(parts[2], 'base64url');
  const expected = mac(secret, `${parts[0]}.${parts[1]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || b64(given) !== parts[2]) {
    throw ParleyError.of('USERSIG_FORGED');
  }
  const claims = parseClaims(parts[1]);
  if (!claims) throw ParleyError.of('USERSIG_CORRUPT');
  if (claims.exp <= nowSeconds) throw ParleyError.of('USERSIG_EXPIRED', undefined, { expiredAt: claims.exp });
  if (expectedUserID !== undefined && expectedUserID !== claims.uid) throw ParleyError.of('USERSIG_USER_MISMATCH');
  return claims;
}
