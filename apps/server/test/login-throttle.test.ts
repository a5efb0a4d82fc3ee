import { randomUUID } from 'node:crypto';
import { ERRORS } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoginThrottle } from '../src/domain/auth/login-throttle.ts';
import { cleanupApps, createUser, loginRequest, makeApp, tempDir } from './support/app.ts';
import { redisTestUrl, requireService } from './support/services.ts';

const PASSWORD = 'pass-word-1';
const redisUrl = await requireService('redis', redisTestUrl(), 'login throttle on Redis');

afterEach(cleanupApps);

/** Counts password hash runs (the expensive step the throttle must guard); never measures time. */
function countHashes(app: FastifyInstance): { count: () => number } {
  const throttle: LoginThrottle = app.parley.domain.throttle;
  const real = throttle.verify;
  let n = 0;
  throttle.verify = async (password, stored) => {
    n += 1;
    return real(password, stored);
  };
  return { count: () => n };
}

async function appWithAlice(env: Record<string, string> = {}) {
  const { app } = await makeApp({ env });
  await createUser(app, { userID: 'alice', password: PASSWORD });
  return app;
}

describe('login throttle', () => {
  it('THR1 20 wrong passwords and the right one sent at once: at most 5 are checked, the rest get 429', async () => {
    const app = await appWithAlice();
    const hashes = countHashes(app);
    const attempts = [...Array.from({ length: 20 }, (_, i) => `wrong-${i}`), PASSWORD].map((password) =>
      loginRequest(app, 'alice', password, {}, '10.0.0.7'),
    );
    const answers = await Promise.all(attempts);
    expect(hashes.count()).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode !== 429).length).toBeLessThanOrEqual(5);
    for (const r of answers.filter((a) => a.statusCode === 429)) expect(r.json().code).toBe(ERRORS.LOGIN_LOCKED.code);
    // The right password, last in line, did not get through.
    expect(answers.at(-1)?.statusCode).toBe(429);
  });

  it('THR2 failures from one address do not lock the account elsewhere; 40 right logins a minute from one address pass', async () => {
    const app = await appWithAlice();
    for (let i = 0; i < 8; i += 1) await loginRequest(app, 'alice', `wrong-${i}`, {}, '10.6.6.6');
    expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.6.6.6')).statusCode).toBe(429);
    expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.0.0.1')).statusCode).toBe(200);
    const throttle: LoginThrottle = app.parley.domain.throttle;
    throttle.verify = async (password) => password === PASSWORD; // 40 real hashes would only slow the test
    for (let i = 0; i < 40; i += 1) {
      expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.0.0.2')).statusCode).toBe(200);
    }
  });

  it('THR2 one address gets 100 failed logins a minute over all accounts, then 429 for every account', async () => {
    const app = await appWithAlice();
    const throttle: LoginThrottle = app.parley.domain.throttle;
    throttle.verify = async (password) => password === PASSWORD;
    for (let i = 0; i < 100; i += 1) {
      expect((await loginRequest(app, `guess-${i}`, 'x', {}, '10.5.5.5')).statusCode).toBe(401);
    }
    expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.5.5.5')).statusCode).toBe(429);
    expect((await loginRequest(app, 'alice', PASSWORD, {}, '10.5.5.6')).statusCode).toBe(200);
  });

  it('THR3 X-Forwarded-For names the client only when the peer is a trusted proxy', async () => {
    const app = await appWithAlice({ PARLEY_TRUSTED_PROXIES: '10.1.1.0/24' });
    const throttle: LoginThrottle = app.parley.domain.throttle;
    throttle.verify = async (password) => password === PASSWORD;
    // Through the proxy: each client address has its own budget.
    for (let i = 0; i < 5; i += 1) {
      await loginRequest(app, 'alice', 'wrong', { 'x-forwarded-for': '203.0.113.1' }, '10.1.1.1');
    }
    const viaProxy = (xff: string) => loginRequest(app, 'alice', PASSWORD, { 'x-forwarded-for': xff }, '10.1.1.1');
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.2')).statusCode).toBe(200);
    // Not a trusted peer: a forged header changes nothing, the peer's own address is the key.
    for (let i = 0; i < 5; i += 1) {
      await loginRequest(app, 'alice', 'wrong', { 'x-forwarded-for': `198.51.100.${i}` }, '192.0.2.9');
    }
    const forged = await loginRequest(app, 'alice', PASSWORD, { 'x-forwarded-for': '198.51.100.77' }, '192.0.2.9');
    expect(forged.statusCode).toBe(429);
  });

  it('THR5 an unknown account costs one hash like a wrong password, with the same answer', async () => {
    const app = await appWithAlice();
    const hashes = countHashes(app);
    const wrong = await loginRequest(app, 'alice', 'not-it', {}, '10.0.0.3');
    expect(hashes.count()).toBe(1);
    const unknown = await loginRequest(app, 'nobody-here', 'not-it', {}, '10.0.0.3');
    expect(hashes.count()).toBe(2);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe.skipIf(!redisUrl)(redisUrl ? 'login throttle on several nodes' : 'several nodes (skipped: no Redis)', () => {
  it('THR4 two nodes sharing Redis share one budget', async () => {
    const dataDir = tempDir();
    const env = { REDIS_URL: redisUrl ?? '' };
    const { app: a } = await makeApp({ dataDir, env });
    const { app: b } = await makeApp({ dataDir, env });
    const user = `u${randomUUID().slice(0, 8)}`;
    await createUser(a, { userID: user, password: PASSWORD });
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
    for (let i = 0; i < 5; i += 1) {
      expect((await loginRequest(i % 2 ? a : b, user, 'wrong', {}, address)).statusCode).toBe(401);
    }
    expect((await loginRequest(a, user, PASSWORD, {}, address)).statusCode).toBe(429);
    expect((await loginRequest(b, user, PASSWORD, {}, address)).statusCode).toBe(429);
  });
});

describe('login throttle store failure', () => {
  it('THR4 when the counters cannot be reached, login answers 503 60022 and checks no password', async () => {
    const app = await appWithAlice();
    const throttle = app.parley.domain.throttle as unknown as { store: { hit: () => Promise<number[]> } };
    throttle.store.hit = async () => {
      throw new Error('connection refused');
    };
    const hashes = countHashes(app);
    const res = await loginRequest(app, 'alice', PASSWORD, {}, '10.0.0.9');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe(ERRORS.UNAVAILABLE.code);
    expect(hashes.count()).toBe(0);
  });
});
