import { randomBytes } from 'node:crypto';
import type { WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRedisBus } from '../src/fanout/redis-bus.ts';
import { createRedisPresence } from '../src/fanout/redis-presence.ts';
import { openStorage } from '../src/storage/open-storage.ts';
import { cleanupApps, makeApp, userSigFor } from './support/app.ts';
import { type GroupChat, makeGroupChat, path, R } from './support/groups.ts';
import { nextID, pgUrl } from './support/messaging.ts';
import { redisTestUrl, requireService } from './support/services.ts';
import { dropSchema, freshPostgres } from './support/storage.ts';
import { type OpenSocket, openSocket } from './support/ws.ts';

afterEach(cleanupApps);

const redisUrl = await requireService('redis', redisTestUrl(), 'group fan-out across nodes');

const messagesOf = (s: OpenSocket) =>
  s.frames
    .filter((f) => (f as { event?: { type: string } }).event?.type === 'message.new')
    .map((f) => (f as { event: { message: WireMessage } }).event.message);
const isMessage = (ID: string) => (f: Record<string, unknown>) =>
  (f.event as { type?: string; message?: { ID: string } } | undefined)?.message?.ID === ID;

/** [userID, isOnline] of every member, as amy's member list shows them. */
async function onlineFlags(c: GroupChat, groupID: string) {
  const list = (await c.call('amy', 'GET', path(R.members, groupID))).json.memberList as {
    userID: string;
    isOnline: boolean;
  }[];
  return list.map((m) => [m.userID, m.isOnline]).sort();
}

async function listening(kind: 'sqlite' | 'postgres' = 'sqlite') {
  const c = await makeGroupChat(kind, ['amy', 'bob', 'cat', 'dan']);
  const address = await c.app.listen({ port: 0, host: '127.0.0.1' });
  const url = (user: string) => `${address.replace('http', 'ws')}/ws?userSig=${encodeURIComponent(c.sigs[user] ?? '')}`;
  const connect = async (user: string) => {
    const s = await openSocket(url(user));
    await s.next((f) => f.type === 'hello');
    return s;
  };
  return { ...c, connect };
}

describe('group push', () => {
  it('GRP13 a group message reaches every member device once and in order, and no one else', async () => {
    const c = await listening();
    const g = await c.create('amy', { name: 'g', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
    const sockets = await Promise.all([c.connect('amy'), c.connect('bob'), c.connect('bob'), c.connect('cat')]);
    const outsider = await c.connect('dan');
    const sent: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await c.say(i % 2 ? 'bob' : 'amy', g.groupID, { payload: { text: `m${i}` } });
      sent.push((res.json.message as WireMessage).ID);
    }
    const last = sent.at(-1) as string;
    for (const s of sockets) {
      await s.next(isMessage(last));
      expect(messagesOf(s).map((m) => m.ID)).toEqual(sent);
    }
    await c.say('amy', g.groupID, { ID: `private-${nextID()}` });
    await outsider.ws.close();
    await outsider.closed;
    expect(messagesOf(outsider)).toEqual([]);
  });

  it('GRP13 joining starts and leaving stops delivery to a connected member; tips arrive in the group order', async () => {
    const c = await listening();
    const g = await c.create('amy', { name: 'g', type: 'Public', joinOption: 'FreeAccess' });
    const dan = await c.connect('dan');
    const amy = await c.connect('amy');
    await c.call('dan', 'POST', path(R.join, g.groupID), {});
    await dan.next((f) => (f.event as { type?: string })?.type === 'group.changed');
    const hello = (await c.say('amy', g.groupID)).json.message as WireMessage;
    await dan.next(isMessage(hello.ID));
    await c.call('amy', 'POST', path(R.deleteMembers, g.groupID), { userIDList: ['dan'] });
    await dan.next((f) => (f.event as { isMember?: boolean })?.isMember === false);
    const after = (await c.say('amy', g.groupID)).json.message as WireMessage;
    await amy.next(isMessage(after.ID));
    // dan's own topic carries a sentinel after the group message: once it arrives, the message would have too.
    await c.call('amy', 'POST', R.groups, { name: 'sentinel', memberList: [{ userID: 'dan' }] });
    await dan.next(
      (f) => (f.event as { message?: { payload?: { operationType?: number } } })?.message?.payload?.operationType === 7,
    );
    expect(messagesOf(dan).map((m) => m.ID)).not.toContain(after.ID);
    const pushedTips = messagesOf(amy)
      .filter((m) => m.type === 'TIMGroupTipElem')
      .map((m) => m.sequence);
    const storedTips = (await c.groupHistory('amy', g.groupID))
      .filter((m) => m.type === 'TIMGroupTipElem')
      .map((m) => m.sequence);
    expect(pushedTips).toEqual(storedTips);
    expect(storedTips).toHaveLength(2);
  });

  it('GRP15 the online count and isOnline follow connected members; GRP10 attribute changes and GRP9 answered applications are pushed', async () => {
    const c = await listening();
    const g = await c.create('amy', {
      name: 'g',
      type: 'Public',
      memberList: [{ userID: 'bob', role: 'Admin' }, { userID: 'cat' }],
    });
    const count = async () => (await c.call('cat', 'GET', path(R.onlineCount, g.groupID))).json.memberCount;
    expect(await count()).toBe(0);
    const bob = await c.connect('bob');
    const cat = await c.connect('cat');
    await c.connect('dan');
    expect(await count()).toBe(2);
    expect(await onlineFlags(c, g.groupID)).toEqual([
      ['amy', false],
      ['bob', true],
      ['cat', true],
    ]);
    await c.call('amy', 'PUT', path(R.attributes, g.groupID), { groupAttributes: { topic: 'launch' } });
    const pushed = await cat.next((f) => (f.event as { type?: string })?.type === 'group.attributes');
    expect(pushed.event).toEqual({
      type: 'group.attributes',
      groupID: g.groupID,
      groupAttributes: { topic: 'launch' },
      updatedKeyList: ['topic'],
      deletedKeyList: [],
    });
    await c.call('dan', 'POST', path(R.join, g.groupID), {});
    await bob.next(
      (f) => (f.event as { message?: { payload?: { operationType?: number } } })?.message?.payload?.operationType === 1,
    );
    await c.call('amy', 'POST', path(R.handleApplication, g.groupID), { applicant: 'dan', handleAction: 'Reject' });
    const handled = await bob.next((f) => (f.event as { type?: string })?.type === 'group.application-handled');
    expect(handled.event).toEqual({
      type: 'group.application-handled',
      groupID: g.groupID,
      applicant: 'dan',
      handleAction: 'Reject',
    });
  });

  it('SYNC2 tips and messages missed while away come back by catch-up after a sequence', async () => {
    const c = await listening();
    const g = await c.create('amy', { name: 'g', type: 'Public', memberList: [{ userID: 'bob' }] });
    const seen = (await c.groupHistory('bob', g.groupID)).at(-1)?.sequence ?? 0;
    await c.call('amy', 'PUT', path(R.mute, g.groupID, { userID: 'bob' }), { muteTime: 60 });
    await c.say('amy', g.groupID);
    await c.call('amy', 'PATCH', path(R.group, g.groupID), { name: 'renamed' });
    const conversationID = encodeURIComponent(`GROUP${g.groupID}`);
    const missed = (await c.history('bob', conversationID, `?afterSeq=${seen}`)).messageList;
    expect(missed.map((m) => [m.sequence, m.type])).toEqual([
      [seen + 1, 'TIMGroupTipElem'],
      [seen + 2, 'TIMTextElem'],
      [seen + 3, 'TIMGroupTipElem'],
    ]);
    const since = (await c.conversations('bob')).syncVersion;
    await c.say('amy', g.groupID);
    const changed = (await c.conversations('bob', since)).conversationList.map((x) => [
      x.conversationID,
      x.lastSequence,
    ]);
    expect(changed).toContainEqual([`GROUP${g.groupID}`, seen + 4]);
  });

  it.skipIf(!pgUrl || !redisUrl)(
    'GRP13 two nodes on PostgreSQL and Redis: a message sent on one reaches members on the other; GRP15 the online count and isOnline are across nodes',
    async () => {
      const keyPrefix = `t${randomBytes(4).toString('hex')}:`;
      const shared = await freshPostgres(pgUrl as string);
      const presenceA = await createRedisPresence(redisUrl as string, { keyPrefix });
      const presenceB = await createRedisPresence(redisUrl as string, { keyPrefix });
      const busA = await createRedisBus(redisUrl as string, { keyPrefix });
      // 'sqlite' here only means makeGroupChat leaves the given storage alone: node A runs on the shared PostgreSQL.
      const a = await makeGroupChat(
        'sqlite',
        ['amy', 'bob', 'cat'],
        {},
        { storage: shared.storage, bus: busA, presence: presenceA },
      );
      const storageB = await openStorage({
        kind: 'postgres',
        url: pgUrl as string,
        schema: shared.schema,
        poolSize: 4,
      });
      const busB = await createRedisBus(redisUrl as string, { keyPrefix });
      const { app: b } = await makeApp({
        env: { PARLEY_PRESENCE_GRACE_MS: '0' },
        overrides: { storage: storageB, bus: busB, presence: presenceB },
      });
      const address = await b.listen({ port: 0, host: '127.0.0.1' });
      const g = await a.create('amy', { name: 'g', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
      const sockets = [];
      for (const user of ['bob', 'cat']) {
        const sig = await userSigFor(b, user);
        const s = await openSocket(`${address.replace('http', 'ws')}/ws?userSig=${encodeURIComponent(sig)}`);
        await s.next((f) => f.type === 'hello');
        sockets.push(s);
      }
      const sent = (await a.say('amy', g.groupID)).json.message as WireMessage;
      for (const s of sockets)
        expect(((await s.next(isMessage(sent.ID))).event as { message: WireMessage }).message).toEqual(sent);
      // Node A has no socket of the group at all: what it answers comes from the shared presence.
      const count = async () => (await a.call('amy', 'GET', path(R.onlineCount, g.groupID))).json.memberCount;
      expect(await count()).toBe(2);
      expect(await onlineFlags(a, g.groupID)).toEqual([
        ['amy', false],
        ['bob', true],
        ['cat', true],
      ]);
      sockets[1]?.ws.close();
      await vi.waitFor(async () => expect(await count()).toBe(1), { timeout: 40_000, interval: 50 });
      await b.close();
      await a.close();
      await presenceA.close();
      await presenceB.close();
      await dropSchema(pgUrl as string, shared.schema);
    },
  );
});
