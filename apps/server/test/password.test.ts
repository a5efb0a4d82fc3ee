import { describe, expect, it } from 'vitest';
import { DEFAULT_COST, hashPassword, verifyPassword } from '../src/domain/auth/password.ts';

/** Far below the production cost, to keep the suite fast; the format and checks are the same. */
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('AUTH10 a hashed password verifies; a wrong one does not', async () => {
    const stored = await hashPassword('correct horse', FAST);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('AUTH10 the stored hash carries its scrypt parameters, salt and key', async () => {
    const stored = await hashPassword('secret1', FAST);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    const cheaper = await hashPassword('secret1', { N: 2 ** 9, r: 4, p: 2 });
    expect(cheaper.split('$').slice(0, 4)).toEqual(['scrypt', '512', '4', '2']);
    // Verification reads the parameters from the stored hash, not from the current default.
    expect(await verifyPassword('secret1', cheaper)).toBe(true);
  });

  it('AUTH10 the default cost is memory-hard (scrypt N >= 2^15)', async () => {
    expect(DEFAULT_COST.N).toBeGreaterThanOrEqual(2 ** 15);
    const stored = await hashPassword('parley123');
    expect(stored.startsWith(`scrypt$${DEFAULT_COST.N}$${DEFAULT_COST.r}$${DEFAULT_COST.p}$`)).toBe(true);
    expect(await verifyPassword('parley123', stored)).toBe(true);
  });

  it('AUTH10 the same password hashes differently each time (random salt)', async () => {
    const a = await hashPassword('same password', FAST);
    const b = await hashPassword('same password', FAST);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('AUTH10 a password is compared after Unicode NFKC normalisation', async () => {
    const stored = await hashPassword('\uFB01ne', FAST); // the "ﬁ" ligature
    expect(await verifyPassword('fine', stored)).toBe(true);
  });

  it('AUTH11 a malformed stored hash verifies as false and never throws', async () => {
    const good = await hashPassword('pw123456', FAST);
    const [, n, r, p, salt, key] = good.split('$');
    const malformed = [
      '',
      'garbage',
      `bcrypt$${n}$${r}$${p}$${salt}$${key}`,
      `scrypt$${n}$${r}$${p}$${salt}`,
      `scrypt$x$${r}$${p}$${salt}$${key}`,
      `scrypt$1.5$${r}$${p}$${salt}$${key}`,
      `scrypt$0$${r}$${p}$${salt}$${key}`,
      `scrypt$1000$${r}$${p}$${salt}$${key}`,
      `scrypt$-1024$${r}$${p}$${salt}$${key}`,
      `scrypt$${n}$${r}$${p}$${salt}$`,
      `scrypt$${n}$${r}$${p}$${salt}$${key?.slice(0, 10)}`,
    ];
    for (const stored of malformed) {
      await expect(verifyPassword('pw123456', stored), stored).resolves.toBe(false);
    }
  });
});
