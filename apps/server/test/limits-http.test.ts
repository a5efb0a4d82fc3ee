import { ERRORS, ROUTES } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_ACTION, UserLimits } from '../src/domain/limits/user-limits.ts';
import { createMemoryLimits } from '../src/limits/memory-limits.ts';
import { bearer, cleanupApps } from './support/app.ts';
import { makeChat } from './support/messaging.ts';

afterEach(cleanupApps);

/** A clock the test moves: refills are checked without waiting. */
function manualClock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function chat(env: Record<string, string>) {
  const clock = manualClock();
  const c = await makeChat('sqlite', ['amy', 'bob', 'cat'], { env, overrides: { clock } });
  const inject = (as: string, method: 'PATCH' | 'POST', url: string, payload: object) =>
    c.app.inject({ method, url, headers: bearer(c.sigs[as] ?? ''), payload });
  return { ...c, clock, inject };
}

const rateLimited = ERRORS.RATE_LIMITED.code;

describe('per-user rate limits', () => {
  it('LIM5 sends beyond PARLEY_RATE_SENDS per second (burst twice that) get 429 60007 with Retry-After; nothing is stored', async () => {
    const c = await chat({ PARLEY_RATE_SENDS: '2' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await c.send('amy', 'bob', { payload: { text: `m${i}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = await c.inject('amy', 'POST', '/api/v1/messages', {
      ID: 'refused-1',
      conversationType: 'C2C',
      to: 'bob',
      type: 'TIMTextElem',
      payload: { text: 'over' },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([429, rateLimited]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().data).toMatchObject({ retryAfter: Number(refused.headers['retry-after']) });
    expect((await c.history('bob', 'C2Camy')).messageList.map((m) => m.payload)).toEqual(
      [0, 1, 2, 3].map((i) => ({ text: `m${i}` })),
    );
    // Another user has a budget of their own; time refills amy's.
    expect((await c.send('cat', 'bob')).status).toBe(200);
    c.clock.advance(1000);
    expect((await c.send('amy', 'bob')).status).toBe(200);
  });

  it('LIM7 profile edits beyond PARLEY_RATE_PROFILE_EDITS per second get 429 60007 with Retry-After; the profile is unchanged', async () => {
    const c = await chat({ PARLEY_RATE_PROFILE_EDITS: '1' });
    expect((await c.inject('amy', 'PATCH', ROUTES.myProfile, { nick: 'one' })).statusCode).toBe(200);
    expect((await c.inject('amy', 'PATCH', ROUTES.myProfile, { nick: 'two' })).statusCode).toBe(200);
    const refused = await c.inject('amy', 'PATCH', ROUTES.myProfile, { nick: 'three' });
    expect([refused.statusCode, refused.json().code]).toEqual([429, rateLimited]);
    expect(refused.headers['retry-after']).toBe('1');
    expect((await c.get('amy', ROUTES.myProfile)).json.nick).toBe('two');
    c.clock.advance(1000);
    expect((await c.inject('amy', 'PATCH', ROUTES.myProfile, { nick: 'four' })).statusCode).toBe(200);
  });

  it('LIM8 profile look-ups are counted in IDs, not requests: PARLEY_RATE_PROFILE_LOOKUPS IDs per second', async () => {
    const c = await chat({ PARLEY_RATE_PROFILE_LOOKUPS: '50' });
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `probe${i}`);
    const query = (n: number) => c.inject('amy', 'POST', ROUTES.profiles, { userIDList: ids(n) });
    expect((await query(100)).statusCode).toBe(200);
    const refused = await query(1);
    expect([refused.statusCode, refused.json().code]).toEqual([429, rateLimited]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    c.clock.advance(1000);
    expect((await query(50)).statusCode).toBe(200);
    expect((await query(1)).statusCode).toBe(429);
    expect((await c.inject('bob', 'POST', ROUTES.profiles, { userIDList: ['amy'] })).statusCode).toBe(200);
  });

  it('LIM6 the typing limiter is ready for typing signals: PARLEY_RATE_TYPING per second, burst twice that', async () => {
    let now = 0;
    const limits = new UserLimits(
      { send: 0, typing: 5, profileEdit: 0, profileLookup: 0, groupWrite: 0 },
      createMemoryLimits({ now: () => now }).budgets,
    );
    for (let i = 0; i < 10; i += 1) await limits.take(USER_ACTION.TYPING, 'amy');
    await expect(limits.take(USER_ACTION.TYPING, 'amy')).rejects.toMatchObject({ code: rateLimited });
    await limits.take(USER_ACTION.TYPING, 'bob');
    now += 200;
    await limits.take(USER_ACTION.TYPING, 'amy');
    // 0 turns a limit off.
    for (let i = 0; i < 1000; i += 1) await limits.take(USER_ACTION.SEND, 'amy');
  });
});
