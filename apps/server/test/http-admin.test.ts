import { ADMIN_KEY_HEADER, ERRORS, type Profile, ROUTES } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyUserSig } from '../src/domain/auth/usersig.ts';
import { ADMIN_KEY, SECRET, adminHeaders, bearer, cleanupApps, createUser, login, makeApp } from './support/app.ts';

const now = () => Math.floor(Date.now() / 1000);

let app: FastifyInstance;

beforeEach(async () => {
  ({ app } = await makeApp());
});
afterEach(cleanupApps);

const createAccount = (payload: object, headers: Record<string, string> = adminHeaders) =>
  app.inject({ method: 'POST', url: ROUTES.adminAccounts, headers, payload });
const issueSig = (payload: object, headers: Record<string, string> = adminHeaders) =>
  app.inject({ method: 'POST', url: ROUTES.adminUserSig, headers, payload });

describe('admin API: accounts', () => {
  it('ADM1 creating an account answers 201 with the profile as given, defaults for the rest', async () => {
    const before = now();
    const res = await createAccount({
      userID: 'hr_01',
      password: 'secret-pw',
      mobile: '13911112222',
      identity: 2,
      profile: {
        nick: '人事小王',
        avatar: '/avatars/avatar-4.svg',
        gender: 'Gender_Type_Male',
        selfSignature: '招聘中',
        birthday: 19900521,
      },
    });
    expect(res.statusCode).toBe(201);
    const profile = res.json<Profile>();
    expect(profile).toMatchObject({
      userID: 'hr_01',
      nick: '人事小王',
      avatar: '/avatars/avatar-4.svg',
      gender: 'Gender_Type_Male',
      selfSignature: '招聘中',
      birthday: 19900521,
      allowType: 'AllowType_Type_AllowAny',
      location: '',
      language: 0,
      profileCustomField: [],
    });
    // Stamped while the request ran: bounds taken around it, not a tolerance a loaded machine overruns (it took 8 s
    // at a load of 30).
    expect(profile.lastUpdatedTime).toBeGreaterThanOrEqual(before);
    expect(profile.lastUpdatedTime).toBeLessThanOrEqual(now());
    expect(profile).not.toHaveProperty('password');
    expect(profile).not.toHaveProperty('mobile');
    // The account is real: its password logs in, and the profile is what was echoed.
    const { session } = await login(app, '13911112222', 'secret-pw');
    expect(session.identity).toBe(2);
    expect(session.profile).toEqual(profile);
  });

  it('ADM1 an account with only a userID gets an empty profile and cannot log in by password', async () => {
    const res = await createAccount({ userID: 'bot.notify@example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userID: 'bot.notify@example',
      nick: '',
      gender: 'Gender_Type_Unknown',
      birthday: 0,
    });
    const attempt = await app.inject({
      method: 'POST',
      url: ROUTES.login,
      payload: { account: 'bot.notify@example', password: 'x' },
    });
    expect(attempt.statusCode).toBe(401);
  });

  it('ADM2 an impossible birthday (20230230) is 400 40001 and creates nothing', async () => {
    const res = await createAccount({ userID: 'late', profile: { birthday: 20230230 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ERRORS.PROFILE_INVALID.code);
    expect(await app.parley.domain.storage.accounts.get('late')).toBeUndefined();
    expect((await createAccount({ userID: 'leap', profile: { birthday: 20240229 } })).statusCode).toBe(201);
  });

  it('ADM2 an invalid userID, mobile or short password is 400 60003', async () => {
    for (const payload of [
      { userID: 'has space' },
      { userID: '' },
      { userID: 'u', mobile: 'abc' },
      { userID: 'u', password: '12345' },
    ]) {
      const res = await createAccount(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe(ERRORS.INVALID_PARAMS.code);
    }
  });

  it('ADM3 a duplicate userID is 409 70410', async () => {
    await createUser(app, { userID: 'dup', profile: { nick: 'first' } });
    const res = await createAccount({ userID: 'dup', profile: { nick: 'second' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ERRORS.ACCOUNT_EXISTS.code);
    expect((await app.parley.domain.storage.profiles.get('dup'))?.nick).toBe('first');
  });

  it('ADM3 a duplicate mobile number is 409 70410', async () => {
    await createUser(app, { userID: 'm1', mobile: '13800138000' });
    const res = await createAccount({ userID: 'm2', mobile: '13800138000' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ERRORS.ACCOUNT_EXISTS.code);
    expect(await app.parley.domain.storage.accounts.get('m2')).toBeUndefined();
  });

  it('ADM4 a missing or wrong admin key is 401 60013 on every admin route', async () => {
    const wrongKeys: Record<string, string>[] = [
      {},
      { [ADMIN_KEY_HEADER]: 'b'.repeat(32) },
      { [ADMIN_KEY_HEADER]: ADMIN_KEY.slice(1) },
      { [ADMIN_KEY_HEADER]: '' },
      { authorization: `Bearer ${ADMIN_KEY}` },
    ];
    for (const headers of wrongKeys) {
      for (const res of [await createAccount({ userID: 'x1' }, headers), await issueSig({ userID: 'x1' }, headers)]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: ERRORS.ADMIN_REQUIRED.code, message: ERRORS.ADMIN_REQUIRED.message });
      }
    }
    expect(await app.parley.domain.storage.accounts.get('x1')).toBeUndefined();
  });

  it('ADM5 without PARLEY_ADMIN_KEY the admin API refuses every call, whatever key is sent', async () => {
    const { app: closed } = await makeApp({ adminKey: null });
    expect(closed.parley.config.adminKey).toBeUndefined();
    for (const headers of [{}, adminHeaders, { [ADMIN_KEY_HEADER]: '' }, { [ADMIN_KEY_HEADER]: 'undefined' }]) {
      const res = await closed.inject({
        method: 'POST',
        url: ROUTES.adminAccounts,
        headers,
        payload: { userID: 'x1' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ERRORS.ADMIN_REQUIRED.code);
    }
  });
});

describe('admin API: userSig', () => {
  beforeEach(async () => {
    await createUser(app, { userID: 'carol', profile: { nick: 'Carol' } });
  });

  it('ADM6 a userSig is issued for an existing user with the default expiry of 604800 s', async () => {
    const before = now();
    const res = await issueSig({ userID: 'carol' });
    const after = now();
    expect(res.statusCode).toBe(200);
    const body = res.json<{ userID: string; userSig: string; expiresAt: number }>();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'userID', 'userSig']);
    expect(body.userID).toBe('carol');
    expect(body.expiresAt).toBeGreaterThanOrEqual(before + 604_800);
    expect(body.expiresAt).toBeLessThanOrEqual(after + 604_800);
    const claims = verifyUserSig(SECRET, body.userSig, after, 'carol');
    expect(claims.exp).toBe(body.expiresAt);
    expect(claims.exp - claims.iat).toBe(604_800);
  });

  it('ADM6 a custom expire is honoured', async () => {
    const res = await issueSig({ userID: 'carol', expire: 120 });
    expect(res.statusCode).toBe(200);
    const { userSig, expiresAt } = res.json<{ userSig: string; expiresAt: number }>();
    const claims = verifyUserSig(SECRET, userSig, now(), 'carol');
    expect(claims.exp - claims.iat).toBe(120);
    expect(expiresAt).toBe(claims.exp);
  });

  it('ADM6 expire outside 1..31536000 seconds is 400 60003', async () => {
    for (const expire of [0, -5, 31_536_001, 1.5]) {
      const res = await issueSig({ userID: 'carol', expire });
      expect(res.statusCode, String(expire)).toBe(400);
      expect(res.json().code).toBe(ERRORS.INVALID_PARAMS.code);
    }
  });

  it('ADM7 a userSig for an unknown user is 404 20003', async () => {
    const res = await issueSig({ userID: 'ghost' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: ERRORS.ACCOUNT_NOT_FOUND.code, message: ERRORS.ACCOUNT_NOT_FOUND.message });
  });

  it('ADM8 a userSig issued by the admin API opens the user API as that user', async () => {
    const { userSig } = (await issueSig({ userID: 'carol' })).json<{ userSig: string }>();
    const res = await app.inject({ method: 'GET', url: ROUTES.myProfile, headers: bearer(userSig) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userID: 'carol', nick: 'Carol' });
  });
});
