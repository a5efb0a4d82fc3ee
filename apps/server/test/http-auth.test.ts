import { ERRORS, ROUTES, SESSION_COOKIE, type Session } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUserSig, verifyUserSig } from '../src/domain/auth/usersig.ts';
import { SECRET, bearer, cleanupApps, createUser, login, loginRequest, makeApp } from './support/app.ts';

const PASSWORD = 'pass-word-1';
const now = () => Math.floor(Date.now() / 1000);

let app: FastifyInstance;

beforeEach(async () => {
  ({ app } = await makeApp({ allowedOrigins: 'https://portal.example.com' }));
  await createUser(app, {
    userID: 'alice',
    password: PASSWORD,
    mobile: '13700000001',
    identity: 1,
    profile: { nick: 'Alice', gender: 'Gender_Type_Female', birthday: 19990101 },
  });
  await createUser(app, { userID: 'bob', password: PASSWORD, mobile: '13700000002' });
});
afterEach(cleanupApps);

function expectSession(session: Session, userID: string): void {
  expect(session.userID).toBe(userID);
  const claims = verifyUserSig(SECRET, session.userSig, now(), userID);
  expect(claims.exp).toBe(session.expiresAt);
  expect(session.expiresAt - claims.iat).toBe(604_800);
  expect(session.profile.userID).toBe(userID);
}

describe('password login and sessions', () => {
  it('AUTH20 login by userID returns a Session with a valid userSig and the profile', async () => {
    const { session } = await login(app, 'alice', PASSWORD);
    expectSession(session, 'alice');
    expect(session.identity).toBe(1);
    expect(session.profile).toMatchObject({ nick: 'Alice', gender: 'Gender_Type_Female', birthday: 19990101 });
  });

  it('AUTH20 login by mobile number returns the same user', async () => {
    const { session } = await login(app, '13700000002', PASSWORD);
    expectSession(session, 'bob');
  });

  it('AUTH21 the session cookie is parley_sid, HttpOnly, SameSite=Lax, Path=/', async () => {
    const { res, cookie } = await login(app, 'alice', PASSWORD);
    const header = String(res.headers['set-cookie']);
    expect(header.startsWith(`${SESSION_COOKIE}=${cookie};`)).toBe(true);
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*SameSite=Lax/i);
    expect(header).toMatch(/;\s*Path=\/(;|$)/);
    expect(cookie.length).toBeGreaterThanOrEqual(32);
    // The cookie is opaque: it is not the userSig and does not name the user.
    expect(cookie).not.toContain('alice');
    expect(cookie).not.toBe(res.json<Session>().userSig);
  });

  it('AUTH22 GET session with the cookie returns the session with a fresh userSig, never outliving the session', async () => {
    const { cookie, session: atLogin } = await login(app, 'alice', PASSWORD);
    const res = await app.inject({ method: 'GET', url: ROUTES.session, cookies: { [SESSION_COOKIE]: cookie } });
    expect(res.statusCode).toBe(200);
    const again = res.json<Session>();
    const claims = verifyUserSig(SECRET, again.userSig, now(), 'alice');
    expect(again.userID).toBe('alice');
    expect(claims.exp).toBe(again.expiresAt);
    // The session began at login and lasts 7 days; a userSig issued later ends with it (a second may have
    // passed since login, so its own lifetime can be a little under 604,800 s).
    expect(again.expiresAt).toBe(atLogin.expiresAt);
    expect(again.expiresAt - claims.iat).toBeLessThanOrEqual(604_800);
    expect(again.expiresAt - claims.iat).toBeGreaterThan(604_800 - 60);
  });

  it('AUTH23 logout clears the cookie and ends the session on the server', async () => {
    const { cookie } = await login(app, 'alice', PASSWORD);
    const out = await app.inject({ method: 'POST', url: ROUTES.logout, cookies: { [SESSION_COOKIE]: cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    // The old cookie value, replayed, opens nothing: the session is server-side, not in the cookie.
    const res = await app.inject({ method: 'GET', url: ROUTES.session, cookies: { [SESSION_COOKIE]: cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('AUTH22 SES9 GET session without a cookie or with an unknown one is 204 with no body (a visitor, not an error)', async () => {
    for (const cookies of [{}, { [SESSION_COOKIE]: 'made-up-session-id' }]) {
      const res = await app.inject({ method: 'GET', url: ROUTES.session, cookies });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('AUTH24 wrong password and unknown account get the same 401 70060 and no cookie', async () => {
    const wrong = await loginRequest(app, 'alice', 'not-the-password');
    const unknown = await loginRequest(app, 'nobody', PASSWORD);
    const noPassword = await loginRequest(app, '13700000001', 'x');
    for (const res of [wrong, unknown, noPassword]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(wrong.json()).toEqual({ code: ERRORS.WRONG_CREDENTIALS.code, message: ERRORS.WRONG_CREDENTIALS.message });
    expect(unknown.json()).toEqual(wrong.json());
    expect(noPassword.json()).toEqual(wrong.json());
  });

  it('AUTH25 THR2 after 5 failed logins for one account from one address, even the right password gets 429 70050 there', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await loginRequest(app, 'alice', `wrong-${i}`, {}, '10.0.0.1');
      expect(res.statusCode).toBe(401);
    }
    const locked = await loginRequest(app, 'alice', PASSWORD, {}, '10.0.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: ERRORS.LOGIN_LOCKED.code, message: ERRORS.LOGIN_LOCKED.message });
    expect(locked.headers['set-cookie']).toBeUndefined();
    // Nobody elsewhere is locked out by it: the same account from another address, another account from this one.
    expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.0.1.1')).statusCode).toBe(200);
    expect((await loginRequest(app, 'bob', PASSWORD, {}, '10.0.0.1')).statusCode).toBe(200);
  });

  it('AUTH26 login and logout from a foreign Origin are refused with 403 60009', async () => {
    const login = await loginRequest(app, 'alice', PASSWORD, { origin: 'https://evil.example' });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ code: ERRORS.FORBIDDEN_ORIGIN.code, message: ERRORS.FORBIDDEN_ORIGIN.message });
    expect(login.headers['set-cookie']).toBeUndefined();
    const logout = await app.inject({
      method: 'POST',
      url: ROUTES.logout,
      headers: { origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    expect(logout.json().code).toBe(ERRORS.FORBIDDEN_ORIGIN.code);
  });

  it('AUTH26 HDR5 login from the public origin or a configured origin is accepted, not from whatever Host names', async () => {
    const same = await loginRequest(app, 'alice', PASSWORD, { origin: 'http://127.0.0.1:8080' });
    expect(same.statusCode).toBe(200);
    const rebound = await loginRequest(app, 'alice', PASSWORD, {
      host: 'chat.example.com',
      origin: 'http://chat.example.com',
    });
    expect(rebound.statusCode).toBe(403);
    const configured = await loginRequest(app, 'alice', PASSWORD, { origin: 'https://portal.example.com' });
    expect(configured.statusCode).toBe(200);
    const lookalike = await loginRequest(app, 'alice', PASSWORD, {
      host: 'chat.example.com',
      origin: 'http://chat.example.com.evil.example',
    });
    expect(lookalike.statusCode).toBe(403);
  });
});

describe('userSig on protected routes', () => {
  const getProfile = (headers: Record<string, string>) => app.inject({ method: 'GET', url: ROUTES.myProfile, headers });

  it('AUTH30 a valid userSig opens GET /api/v1/profile for its own user', async () => {
    const res = await getProfile(bearer(signUserSig(SECRET, 'bob', now(), 60)));
    expect(res.statusCode).toBe(200);
    expect(res.json().userID).toBe('bob');
  });

  it('AUTH31 no Authorization header, or another scheme, is 401 70002', async () => {
    for (const headers of [{}, { authorization: 'Basic YWxpY2U6cGFzcw==' }, { authorization: 'Bearer' }]) {
      const res = await getProfile(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: ERRORS.USERSIG_EMPTY.code, message: ERRORS.USERSIG_EMPTY.message });
    }
  });

  it('AUTH32 an expired userSig is 401 70001', async () => {
    const old = now() - 30 * 86_400;
    const res = await getProfile(bearer(signUserSig(SECRET, 'alice', old, 604_800)));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: ERRORS.USERSIG_EXPIRED.code, data: { expiredAt: old + 604_800 } });
  });

  it('AUTH33 a userSig signed with another secret is 401 70009; a corrupt one 401 70003', async () => {
    const forged = await getProfile(bearer(signUserSig('y'.repeat(32), 'alice', now(), 600)));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ code: ERRORS.USERSIG_FORGED.code, message: ERRORS.USERSIG_FORGED.message });
    const corrupt = await getProfile(bearer('p1.not-a-token'));
    expect(corrupt.statusCode).toBe(401);
    expect(corrupt.json().code).toBe(ERRORS.USERSIG_CORRUPT.code);
  });

  it('AUTH34 the session cookie alone does not authenticate API calls (only the userSig does)', async () => {
    const { cookie } = await login(app, 'alice', PASSWORD);
    const res = await app.inject({ method: 'GET', url: ROUTES.myProfile, cookies: { [SESSION_COOKIE]: cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ERRORS.USERSIG_EMPTY.code);
  });
});
