import { ERRORS } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_LIMITS } from '../src/domain/auth/login-throttle.ts';
import { cleanupApps } from './support/app.ts';
import { makePortalApp, tapi } from './support/portal.ts';

afterEach(cleanupApps);

const SEEKER = { identity: 1, mobile: '13712345678', password: 'abc12345', name: '新人' };

describe('registration tells nothing about taken numbers', () => {
  it('ABU38 a taken and a free number get the same answer, and no session', async () => {
    const { app } = await makePortalApp('sqlite');
    const free = await tapi(app, 'user/register', SEEKER);
    const taken = await tapi(app, 'user/register', { ...SEEKER, password: 'other9876', name: '别人' });
    const anotherKind = await tapi(app, 'user/register', { ...SEEKER, identity: 2, password: 'other9876' });
    expect(free.body).toEqual({ code: 1, msg: 'ok', data: '' });
    expect(taken.body).toEqual(free.body);
    expect(anotherKind.body).toEqual(free.body);
    for (const r of [free, taken, anotherKind]) {
      expect(r.status).toBe(200);
      expect(r.res.cookies).toEqual([]);
    }
    expect(await app.parley.domain.storage.accounts.count()).toBe(1);
    // The owner's account is the first one, unchanged.
    const owner = await tapi(app, 'user/login', { mobile: SEEKER.mobile, password: SEEKER.password, identity: 1 });
    expect(owner.body.code).toBe(1);
  }, 120_000);

  it('ABU39 registration is throttled per address, free and taken numbers alike: then 60007', async () => {
    const { app } = await makePortalApp('sqlite', { env: { PARLEY_TRUSTED_PROXIES: '127.0.0.1' } });
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const limit = DEFAULT_THROTTLE_LIMITS.registerPerAddress;
    for (let i = 0; i < limit; i += 1) {
      // Half taken (the same number again), half free.
      const mobile = i % 2 ? SEEKER.mobile : `1371234${String(1000 + i)}`;
      const r = await tapi(app, 'user/register', { ...SEEKER, mobile }, from('203.0.113.5'));
      expect(r.body.code, String(i)).toBe(1);
    }
    const over = await tapi(app, 'user/register', { ...SEEKER, mobile: '13799990000' }, from('203.0.113.5'));
    expect(over.body.code).toBe(ERRORS.RATE_LIMITED.code);
    expect(await app.parley.domain.storage.accounts.findByMobile('13799990000')).toBeUndefined();
    // Another address is not affected.
    const other = await tapi(app, 'user/register', { ...SEEKER, mobile: '13799990000' }, from('203.0.113.6'));
    expect(other.body.code).toBe(1);
  }, 120_000);
});
