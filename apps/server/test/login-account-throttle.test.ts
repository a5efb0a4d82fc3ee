import { randomUUID } from 'node:crypto';
import { ERRORS } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/app/demo-seed.ts';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle, throttleSubject } from '../src/domain/auth/login-throttle.ts';
import type { ThrottleStore } from '../src/domain/auth/throttle-store.ts';
import { createMemoryThrottleStore } from '../src/throttle/memory-throttle-store.ts';
import { createRedisThrottleStore } from '../src/throttle/redis-throttle-store.ts';
import { cleanupApps, createUser, loginRequest, makeApp } from './support/app.ts';
import { tapi } from './support/portal.ts';
import { redisTestUrl, requireService } from './support/services.ts';

const PASSWORD = 'pass-word-1';
const MOBILE = '13712340000';
const redisUrl = await requireService('redis', redisTestUrl(), 'account throttle on Redis');

afterEach(cleanupApps);

/** Counts password checks (what the throttle guards) with a fast stand-in for the hash. */
function fastCounted(app: FastifyInstance): { count: () => number } {
  const throttle: LoginThrottle = app.parley.domain.throttle;
  let n = 0;
  throttle.verify = async (password) => {
    n += 1;
    return password === PASSWORD;
  };
  return { count: () => n };
}

async function appWithAlice() {
  const clock = { t: Date.UTC(2026, 5, 1), now: () => clock.t };
  const { app } = await makeApp({ overrides: { clock } });
  await createUser(app, { userID: 'alice', password: PASSWORD, mobile: MOBILE });
  return { app, clock };
}

describe('login throttle per account', () => {
  it('ABU33 the user ID and the mobile number of one account share one budget per address', async () => {
    const { app } = await appWithAlice();
    fastCounted(app);
    for (let i = 0; i < 3; i += 1)
      expect((await loginRequest(app, 'alice', `x${i}`, {}, '10.0.0.7')).statusCode).toBe(401);
    for (let i = 0; i < 2; i += 1)
      expect((await loginRequest(app, MOBILE, `y${i}`, {}, '10.0.0.7')).statusCode).toBe(401);
    const sixth = await loginRequest(app, ` ${MOBILE}`.trim(), PASSWORD, {}, '10.0.0.7');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe(ERRORS.LOGIN_LOCKED.code);
    expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.0.0.8')).statusCode).toBe(200);
  }, 120_000);

  it('ABU33 the portal login by mobile shares the budget of the chat login by user ID', async () => {
    const { app } = await makeApp({ demo: true });
    const throttle: LoginThrottle = app.parley.domain.throttle;
    throttle.verify = async (password) => password === DEMO_PASSWORD;
    for (let i = 0; i < 3; i += 1) expect((await loginRequest(app, 'zhangwei', `x${i}`)).statusCode).toBe(401);
    const seeker = { mobile: '13800000001', identity: 1 };
    for (let i = 0; i < 2; i += 1) {
      expect((await tapi(app, 'user/login', { ...seeker, password: `y${i}` })).body.code).toBe(
        ERRORS.WRONG_CREDENTIALS.code,
      );
    }
    const locked = await tapi(app, 'user/login', { ...seeker, password: DEMO_PASSWORD });
    expect(locked.body.code).toBe(ERRORS.LOGIN_LOCKED.code);
  }, 120_000);

  it('ABU34 guesses from many addresses: 10 an hour per account, then one per growing delay; unknown names alike', async () => {
    const { app } = await appWithAlice();
    const checks = fastCounted(app);
    const spray = async (account: string, net: number) => {
      const answers: number[] = [];
      for (let i = 0; i < 30; i += 1)
        answers.push((await loginRequest(app, account, 'guess', {}, `10.${net}.0.${i}`)).statusCode);
      return answers;
    };
    const known = await spray('alice', 8);
    expect(checks.count()).toBe(11);
    expect(known.filter((s) => s === 401)).toHaveLength(11);
    expect(known.slice(11).every((s) => s === 429)).toBe(true);
    // A name that is no account is throttled the same way: the answers tell nothing.
    expect(await spray('nobody-here', 9)).toEqual(known);
  }, 120_000);

  it('ABU35 the owner is never locked out: a known address is not delayed, a new one waits only the delay', async () => {
    const { app, clock } = await appWithAlice();
    fastCounted(app);
    expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.50.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 40; i += 1) await loginRequest(app, 'alice', 'guess', {}, `10.8.1.${i}`);
    // From an address alice signed in from: at once.
    expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.50.0.1')).statusCode).toBe(200);
    // From a new address: the delay, then in.
    expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.60.0.1')).statusCode).toBe(429);
    clock.t += DEFAULT_THROTTLE_LIMITS.accountMaxDelayMs;
    expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.60.0.1')).statusCode).toBe(200);
  }, 120_000);
});

const stores: [string, () => ThrottleStore][] = [['memory', () => createMemoryThrottleStore({ now: () => 1_000_000 })]];
if (redisUrl) {
  stores.push(['redis', () => createRedisThrottleStore(redisUrl, { keyPrefix: `parley-test:${randomUUID()}:` })]);
}

describe.each(stores)('account ceiling on the %s store', (_name, make) => {
  it('ABU34 the ceiling holds on the store: free attempts, then one per delay over every address', async () => {
    const store = make();
    const limits = { ...DEFAULT_THROTTLE_LIMITS, perAccount: 2, accountDelayMs: 60_000 };
    const throttle = new LoginThrottle(store, limits);
    const subject = throttleSubject('carol', 'carol');
    const answers: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(
        await throttle.admit(subject, `10.0.0.${i}`).then(
          () => 'in',
          (err: { code?: number }) => String(err.code),
        ),
      );
    }
    const locked = String(ERRORS.LOGIN_LOCKED.code);
    expect(answers).toEqual(['in', 'in', 'in', locked, locked, locked]);
    await throttle.close();
  }, 120_000);
});
