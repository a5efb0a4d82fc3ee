import { createHmac } from 'node:crypto';
import { ERRORS, ParleyError } from '@parley/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signUserSig, verifyUserSig } from '../src/domain/auth/usersig.ts';

const SECRET = 'k'.repeat(32);
const OTHER_SECRET = 'o'.repeat(32);
const NOW = 1_700_000_000;
const WEEK = 604_800;

/** The catalogue code of what `fn` throws; fails the test if it does not throw a ParleyError. */
function codeOf(fn: () => unknown): number {
  try {
    fn();
  } catch (err) {
    if (err instanceof ParleyError) return err.code;
    throw err;
  }
  throw new Error('expected a ParleyError, nothing was thrown');
}

const b64 = (s: string) => Buffer.from(s).toString('base64url');
const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

describe('userSig', () => {
  it('AUTH1 a signed userSig verifies and carries userID, issue time and expiry', () => {
    const token = signUserSig(SECRET, 'zhangwei', NOW, WEEK);
    expect(token).toMatch(/^p1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyUserSig(SECRET, token, NOW)).toEqual({ uid: 'zhangwei', iat: NOW, exp: NOW + WEEK });
    expect(verifyUserSig(SECRET, token, NOW + WEEK - 1, 'zhangwei').uid).toBe('zhangwei');
  });

  it('AUTH2 an expired userSig is refused with 70001 and data.expiredAt, from the expiry second on', () => {
    const token = signUserSig(SECRET, 'lina', NOW, 100);
    expect(verifyUserSig(SECRET, token, NOW + 99).uid).toBe('lina');
    let caught: unknown;
    try {
      verifyUserSig(SECRET, token, NOW + 100);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ParleyError);
    expect((caught as ParleyError).code).toBe(ERRORS.USERSIG_EXPIRED.code);
    expect((caught as ParleyError).data).toEqual({ expiredAt: NOW + 100 });
  });

  it('AUTH3 a userSig signed with another secret is refused with 70009', () => {
    const token = signUserSig(OTHER_SECRET, 'lina', NOW, WEEK);
    expect(codeOf(() => verifyUserSig(SECRET, token, NOW))).toBe(ERRORS.USERSIG_FORGED.code);
  });

  it('AUTH3 tampered claims (another uid, original signature) are refused with 70009', () => {
    const token = signUserSig(SECRET, 'lina', NOW, WEEK);
    const [prefix, , signature] = token.split('.');
    const claims = b64(JSON.stringify({ uid: 'admin', iat: NOW, exp: NOW + WEEK }));
    expect(codeOf(() => verifyUserSig(SECRET, `${prefix}.${claims}.${signature}`, NOW))).toBe(
      ERRORS.USERSIG_FORGED.code,
    );
    const longer = b64(JSON.stringify({ uid: 'lina', iat: NOW, exp: NOW + 10 * WEEK }));
    expect(codeOf(() => verifyUserSig(SECRET, `${prefix}.${longer}.${signature}`, NOW))).toBe(
      ERRORS.USERSIG_FORGED.code,
    );
  });

  it('AUTH4 garbage, a two-part token, a wrong prefix or empty parts are refused with 70003', () => {
    const valid = signUserSig(SECRET, 'lina', NOW, WEEK);
    const [, claims, signature] = valid.split('.');
    for (const token of [
      'garbage',
      'a.b',
      `p2.${claims}.${signature}`,
      `p1..${signature}`,
      `p1.${claims}.`,
      `${valid}.x`,
    ]) {
      expect(
        codeOf(() => verifyUserSig(SECRET, token, NOW)),
        token,
      ).toBe(ERRORS.USERSIG_CORRUPT.code);
    }
  });

  it('AUTH4 correctly signed but malformed claims are refused with 70003', () => {
    for (const payload of ['not json', '[]', '{"uid":"","iat":1,"exp":2}', '{"uid":"a","iat":"1","exp":2}', 'null']) {
      const body = `p1.${b64(payload)}`;
      expect(
        codeOf(() => verifyUserSig(SECRET, `${body}.${mac(SECRET, body)}`, NOW)),
        payload,
      ).toBe(ERRORS.USERSIG_CORRUPT.code);
    }
  });

  it('AUTH5 an empty or missing userSig is refused with 70002', () => {
    expect(codeOf(() => verifyUserSig(SECRET, '', NOW))).toBe(ERRORS.USERSIG_EMPTY.code);
    expect(codeOf(() => verifyUserSig(SECRET, undefined, NOW))).toBe(ERRORS.USERSIG_EMPTY.code);
  });

  it('AUTH6 a userSig used for another userID is refused with 70013', () => {
    const token = signUserSig(SECRET, 'lina', NOW, WEEK);
    expect(codeOf(() => verifyUserSig(SECRET, token, NOW, 'zhangwei'))).toBe(ERRORS.USERSIG_USER_MISMATCH.code);
  });

  it('AUTH1 any userID allowed by the protocol round-trips (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_.@-]{1,64}$/),
        fc.integer({ min: 1, max: 31_536_000 }),
        (uid, expire) => {
          const claims = verifyUserSig(SECRET, signUserSig(SECRET, uid, NOW, expire), NOW, uid);
          expect(claims).toEqual({ uid, iat: NOW, exp: NOW + expire });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('AUTH3 no single-character change of a valid userSig verifies for a different user (property)', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_.@-]{1,64}$/),
        fc.nat(),
        fc.constantFrom(...alphabet.split('')),
        (uid, at, replacement) => {
          const token = signUserSig(SECRET, uid, NOW, WEEK);
          const i = at % token.length;
          fc.pre(token[i] !== replacement);
          const mutated = `${token.slice(0, i)}${replacement}${token.slice(i + 1)}`;
          try {
            // base64url ignores unused trailing bits, so a few mutations decode to the same bytes: those may
            // verify, but only as the same user.
            expect(verifyUserSig(SECRET, mutated, NOW).uid).toBe(uid);
          } catch (err) {
            expect(err).toBeInstanceOf(ParleyError);
            expect([ERRORS.USERSIG_CORRUPT.code, ERRORS.USERSIG_FORGED.code]).toContain((err as ParleyError).code);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
