import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt, a memory-hard hash (GUIDE §2), from Node itself so no native addon is needed. The
 * parameters are stored with each hash so they can be raised later without breaking old ones.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * cost.N * cost.r;
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Number.isInteger(cost.N) || !Number.isInteger(cost.r) || !Number.isInteger(cost.p)) return false;
  const expected = Buffer.from(key, 'base64url');
  // A corrupt stored hash (N not a power of two, ...) makes scrypt throw: a failed match, not a 500.
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost).catch(() => undefined);
  return actual !== undefined && actual.length === expected.length && timingSafeEqual(actual, expected);
}
