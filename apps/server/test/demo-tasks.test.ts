import { DEMO_ROUTES } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { makeGroupChat } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const BASE = Date.UTC(2026, 0, 1);

async function open(kind: 'sqlite' | 'postgres', env: Record<string, string>) {
  const clock = { t: BASE, now: () => clock.t };
  return Object.assign(await makeGroupChat(kind, ['amy', 'bob'], env, { clock }), { clock });
}

const doneOf = (json: Record<string, unknown>) =>
  Object.fromEntries((json.tasks as { task: string; doneAt: number }[]).map((t) => [t.task, t.doneAt]));

describe.each(KINDS)('demo mode tasks (%s)', (kind) => {
  it('DEMO1 off by default: the list says so and is empty, committing is no route (60008)', async () => {
    const c = await open(kind, {});
    const got = await c.call('amy', 'GET', DEMO_ROUTES.tasks);
    expect(got.status).toBe(200);
    expect(got.json).toEqual({ enabled: false, tasks: [] });
    const post = await c.call('amy', 'POST', DEMO_ROUTES.tasks, { task: 'send' });
    expect(post.status).toBe(404);
    expect(post.code).toBe(60008);
    await c.close();
  });

  it("DEMO2 DEMO3 PARLEY_DEMO_MODE=1: the seed's counters in order, a commit kept per user, the first time kept", async () => {
    const c = await open(kind, { PARLEY_DEMO_MODE: '1' });
    const first = await c.call('amy', 'GET', DEMO_ROUTES.tasks);
    expect(first.json).toEqual({
      enabled: true,
      tasks: [
        { task: 'send', counter: 0, doneAt: 0 },
        { task: 'revoke', counter: 1, doneAt: 0 },
        { task: 'mute', counter: 4, doneAt: 0 },
        { task: 'dismiss', counter: 5, doneAt: 0 },
        { task: 'call', counter: 6, doneAt: 0 },
        { task: 'nickname', counter: null, doneAt: 0 },
      ],
    });
    const sent = await c.call('amy', 'POST', DEMO_ROUTES.tasks, { task: 'send' });
    expect(sent.status).toBe(200);
    expect(doneOf(sent.json).send).toBe(BASE / 1000);
    c.clock.t += 60_000;
    await c.call('amy', 'POST', DEMO_ROUTES.tasks, { task: 'call' });
    const again = await c.call('amy', 'POST', DEMO_ROUTES.tasks, { task: 'send' });
    expect(doneOf(again.json)).toMatchObject({ send: BASE / 1000, call: BASE / 1000 + 60, revoke: 0 });
    // Another user's list is their own; a new read (another device, a reload) sees what was committed.
    expect(Object.values(doneOf((await c.call('bob', 'GET', DEMO_ROUTES.tasks)).json))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(doneOf((await c.call('amy', 'GET', DEMO_ROUTES.tasks)).json)).toMatchObject({ send: BASE / 1000 });
    await c.close();
  });

  it('DEMO3 an unknown task, extra fields or no sign-in are refused and change nothing', async () => {
    const c = await open(kind, { PARLEY_DEMO_MODE: '1' });
    for (const body of [{ task: 'hack' }, { task: 'send', extra: 1 }, {}, { task: 0 }]) {
      const res = await c.call('amy', 'POST', DEMO_ROUTES.tasks, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.code).toBe(60003);
    }
    const anon = await c.app.inject({ method: 'POST', url: DEMO_ROUTES.tasks, payload: { task: 'send' } });
    expect(anon.statusCode).toBe(401);
    expect((await c.app.inject({ method: 'GET', url: DEMO_ROUTES.tasks })).statusCode).toBe(401);
    expect(Object.values(doneOf((await c.call('amy', 'GET', DEMO_ROUTES.tasks)).json))).toEqual([0, 0, 0, 0, 0, 0]);
    await c.close();
  });

  it('DEMO1 a bad PARLEY_DEMO_MODE stops start-up naming it', async () => {
    await expect(open(kind, { PARLEY_DEMO_MODE: 'yes' })).rejects.toThrow(/PARLEY_DEMO_MODE/);
  });
});
