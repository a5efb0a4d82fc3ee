import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PresenceTimers } from '../src/domain/presence/tracker.ts';
import { createRedisBus } from '../src/fanout/redis-bus.ts';
import { createRedisPresence } from '../src/fanout/redis-presence.ts';
import { openStorage } from '../src/storage/open-storage.ts';
import { cleanupApps, createUser, makeApp, userSigFor } from './support/app.ts';
import { C, isEvent, makeContactChat } from './support/contacts.ts';
import { KINDS, pgUrl } from './support/messaging.ts';
import { redisTestUrl, requireService } from './support/services.ts';
import { dropSchema, freshPostgres } from './support/storage.ts';
import { type OpenSocket, openSocket } from './support/ws.ts';

afterEach(cleanupApps);

const redisUrl = await requireService('redis', redisTestUrl(), 'presence across nodes');

type Status = { userID: string; statusType: number; customStatus: string };
const statusEvents = (s: OpenSocket, userID: string) =>
  s.frames
    .map((f) => (f as { event?: { type?: string; status?: Status } }).event)
    .filter((e) => e?.type === 'user.status' && e.status?.userID === userID)
    .map((e) => e?.status as Status);
const statusIs = (userID: string, statusType: number) => (f: Record<string, unknown>) => {
  const e = f.event as { type?: string; status?: Status } | undefined;
  return e?.type === 'user.status' && e.status?.userID === userID && e.status.statusType === statusType;
};

/** A fake timer list: the grace period passes only when the test says so. */
function fakeTimers(): PresenceTimers & { fire: () => void; count: () => number } {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    set: (fn) => {
      next += 1;
      pending.set(next, fn);
      return next;
    },
    clear: (h) => void pending.delete(h as number),
    fire: () => {
      const fns = [...pending.values()];
      pending.clear();
      for (const fn of fns) fn();
    },
    count: () => pending.size,
  };
}

describe.each(KINDS)('presence on %s', (kind) => {
  it('CNT9 CNT10 CNT11 subscribers hear a user come online and go offline when the socket closes cleanly', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat']);
    expect((await c.call('bob', 'POST', C.statusSubscribe, { userIDList: ['amy', 'ghost', 'bob'] })).json).toEqual({
      failureUserList: [
        { userID: 'ghost', code: 20003, message: 'The user does not exist' },
        { userID: 'bob', code: 60003, message: 'You cannot subscribe to yourself' },
      ],
    });
    const bob = await c.connect('bob');
    const query = async () => (await c.call('cat', 'POST', C.statusQuery, { userIDList: ['amy', 'nobody'] })).json;
    expect(await query()).toEqual({
      successUserList: [{ userID: 'amy', statusType: 2, customStatus: '' }],
      failureUserList: [{ userID: 'nobody', code: 20003, message: 'The user does not exist' }],
    });
    const amy = await c.connect('amy');
    await bob.next(statusIs('amy', 1));
    expect((await query()).successUserList).toEqual([{ userID: 'amy', statusType: 1, customStatus: '' }]);
    const second = await c.connect('amy');
    await c.call('amy', 'PUT', C.selfStatus, { customStatus: 'in a meeting' });
    await bob.next(
      (f) => isEvent('user.status')(f) && (f.event as { status: Status }).status.customStatus === 'in a meeting',
    );
    second.ws.close();
    await second.closed;
    amy.ws.close();
    await amy.closed;
    await bob.next(statusIs('amy', 2));
    // One online, one custom status, one offline: the second device neither flapped nor repeated the state.
    expect(statusEvents(bob, 'amy').map((s) => [s.statusType, s.customStatus])).toEqual([
      [1, ''],
      [1, 'in a meeting'],
      [2, ''],
    ]);
    expect((await query()).successUserList).toEqual([{ userID: 'amy', statusType: 2, customStatus: '' }]);
  });

  it('CNT12 unsubscribe (some, then all) stops the updates; cat never subscribed and hears nothing', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat', 'dan']);
    await c.call('bob', 'POST', C.statusSubscribe, { userIDList: ['amy', 'dan'] });
    const bob = await c.connect('bob');
    const cat = await c.connect('cat');
    await c.call('bob', 'POST', C.statusUnsubscribe, { userIDList: ['amy'] });
    await c.connect('amy');
    const dan = await c.connect('dan');
    await bob.next(statusIs('dan', 1));
    expect(statusEvents(bob, 'amy')).toEqual([]);
    await c.call('bob', 'POST', C.statusUnsubscribe, {});
    dan.ws.close();
    await dan.closed;
    // Sentinel: a profile change of bob's own arrives after dan's offline would have.
    await c.call('bob', 'PATCH', '/api/v1/profile', { nick: 'b' });
    await bob.next(isEvent('profile.updated'));
    expect(statusEvents(bob, 'dan').map((s) => s.statusType)).toEqual([1]);
    expect(cat.frames.filter((f) => isEvent('user.status')(f as Record<string, unknown>))).toEqual([]);
  });

  it('CNT12 bad input: 100,000 IDs, an empty list, over 200 subscriptions in all; nothing applied', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob']);
    const many = Array.from({ length: 100_000 }, (_, i) => `u${i}`);
    for (const url of [C.statusSubscribe, C.statusQuery]) {
      const res = await c.call('amy', 'POST', url, { userIDList: many });
      expect([400, 413]).toContain(res.status);
      expect((await c.call('amy', 'POST', url, { userIDList: [] })).code).toBe(60003);
    }
    expect((await c.call('amy', 'PUT', C.selfStatus, { customStatus: 'x'.repeat(101) })).code).toBe(60003);
    // Accounts are needed for a subscription to count: create 201 through the admin API.
    const ids = Array.from({ length: 201 }, (_, i) => `p${i}`);
    for (const id of ids) await createUser(c.app, { userID: id });
    expect((await c.call('amy', 'POST', C.statusSubscribe, { userIDList: ids.slice(0, 100) })).status).toBe(200);
    expect((await c.call('amy', 'POST', C.statusSubscribe, { userIDList: ids.slice(100, 200) })).status).toBe(200);
    const over = await c.call('amy', 'POST', C.statusSubscribe, { userIDList: ['bob', 'p200'] });
    expect([over.status, over.code]).toEqual([400, 72010]);
    const storage = c.app.parley.domain.storage;
    expect(await storage.contacts.subscriptions('amy')).toHaveLength(200);
    expect(await storage.contacts.subscriptions('amy')).not.toContain('bob');
  });

  it('CNT9 the grace period: a reload within it sends nothing; after it, one offline (fake timers)', async () => {
    const timers = fakeTimers();
    const c = await makeContactChat(
      kind,
      ['amy', 'bob'],
      { PARLEY_PRESENCE_GRACE_MS: '5000' },
      { presenceTimers: timers },
    );
    await c.call('bob', 'POST', C.statusSubscribe, { userIDList: ['amy'] });
    const bob = await c.connect('bob');
    const amy = await c.connect('amy');
    await bob.next(statusIs('amy', 1));
    amy.ws.close();
    await amy.closed;
    // The socket is gone, the grace timer runs; a reload reconnects before it fires.
    await waitFor(() => timers.count() === 1);
    const again = await c.connect('amy');
    expect(timers.count()).toBe(0);
    again.ws.close();
    await again.closed;
    await waitFor(() => timers.count() === 1);
    const online = await c.call('bob', 'POST', C.statusQuery, { userIDList: ['amy'] });
    expect((online.json.successUserList as Status[])[0]?.statusType).toBe(1);
    timers.fire();
    await bob.next(statusIs('amy', 2));
    expect(statusEvents(bob, 'amy').map((s) => s.statusType)).toEqual([1, 2]);
  });
});

async function waitFor(check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('presence across nodes', () => {
  it.skipIf(!pgUrl || !redisUrl)(
    'CNT9 two nodes on PostgreSQL and Redis: status follows the user across nodes, offline only when the last socket anywhere closes',
    async () => {
      const keyPrefix = `t${randomBytes(4).toString('hex')}:`;
      const shared = await freshPostgres(pgUrl as string);
      const node = async (storage = shared.storage) => ({
        storage,
        bus: await createRedisBus(redisUrl as string, { keyPrefix }),
        presence: await createRedisPresence(redisUrl as string, { keyPrefix }),
      });
      const nodeA = await node();
      const a = await makeContactChat('sqlite', ['amy', 'bob'], {}, nodeA);
      const storageB = await openStorage({
        kind: 'postgres',
        url: pgUrl as string,
        schema: shared.schema,
        poolSize: 4,
      });
      const nodeB = await node(storageB);
      const { app: b } = await makeApp({ env: { PARLEY_PRESENCE_GRACE_MS: '0' }, overrides: nodeB });
      const addressB = await b.listen({ port: 0, host: '127.0.0.1' });
      const onB = async (user: string) => {
        const s = await openSocket(
          `${addressB.replace('http', 'ws')}/ws?userSig=${encodeURIComponent(await userSigFor(b, user))}`,
        );
        await s.next((f) => f.type === 'hello');
        return s;
      };
      await a.call('bob', 'POST', C.statusSubscribe, { userIDList: ['amy'] });
      const bob = await onB('bob');
      const amyA = await a.connect('amy');
      await bob.next(statusIs('amy', 1));
      const amyB = await onB('amy');
      const query = async () =>
        (
          (
            await b.inject({
              method: 'POST',
              url: C.statusQuery,
              headers: { authorization: `Bearer ${a.sigs.bob}` },
              payload: { userIDList: ['amy'] },
            })
          ).json() as { successUserList: Status[] }
        ).successUserList[0]?.statusType;
      expect(await query()).toBe(1);
      amyA.ws.close();
      await amyA.closed;
      amyB.ws.close();
      await amyB.closed;
      await bob.next(statusIs('amy', 2));
      expect(statusEvents(bob, 'amy').map((s) => s.statusType)).toEqual([1, 2]);
      expect(await query()).toBe(2);
      // CNT8 across nodes: amy blocks bob on node A; once her other device on node B heard of it, node B refuses bob.
      const amyOnB = await onB('amy');
      await a.call('amy', 'POST', C.blacklist, { userIDList: ['bob'] });
      await amyOnB.next(isEvent('blacklist.changed'));
      const sendOnB = await b.inject({
        method: 'POST',
        url: '/api/v1/messages',
        headers: { authorization: `Bearer ${a.sigs.bob}` },
        payload: {
          ID: `blocked-${keyPrefix}`,
          conversationType: 'C2C',
          to: 'amy',
          type: 'TIMTextElem',
          payload: { text: 'x' },
        },
      });
      expect([sendOnB.statusCode, sendOnB.json().code]).toEqual([403, 20007]);
      await b.close();
      await a.close();
      await Promise.all([nodeA.presence.close(), nodeB.presence.close()]);
      await dropSchema(pgUrl as string, shared.schema);
    },
  );
});
