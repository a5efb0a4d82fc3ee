import type { Group, GroupMember, WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { C, type ContactChat, isEvent, makeContactChat } from './support/contacts.ts';
import { R, path } from './support/groups.ts';
import { KINDS, nextID } from './support/messaging.ts';
import type { OpenSocket } from './support/ws.ts';

afterEach(cleanupApps);

const enc = encodeURIComponent;
const msgPath = (conv: string, id: string, action: string) =>
  `/api/v1/conversations/${enc(conv)}/messages/${enc(id)}/${action}`;
const convPath = (conv: string, rest: string) => `/api/v1/conversations/${enc(conv)}/${rest}`;

/** Every pushed event on a socket, by type and the user it came from (when it names one). */
const eventsOf = (s: OpenSocket) =>
  s.frames.map((f) => (f as { event?: Record<string, unknown> }).event).filter((e) => e !== undefined);

/** Waits until cat's message reaches amy: everything published before it has been delivered (one bus, in order). */
async function sentinel(c: ContactChat, amy: OpenSocket): Promise<void> {
  const res = await c.send('cat', 'amy', { payload: { text: 'sentinel' } });
  expect(res.status).toBe(200);
  await amy.next(
    (f) =>
      isEvent('message.new')(f) &&
      (f.event as { message: { payload: { text?: string } } }).message.payload.text === 'sentinel',
  );
}

const sent = async (c: ContactChat, from: string, to: string, extra: Record<string, unknown> = {}) => {
  const res = await c.send(from, to, { payload: { text: `from ${from}` }, needReadReceipt: true, ...extra });
  if (res.status !== 200) throw new Error(JSON.stringify(res.json));
  return res.json.message as WireMessage;
};

describe.each(KINDS)('the blocklist stops everything from the blocked user (%s)', (kind) => {
  it('ABU11 a blocked user changes nothing in the pair’s conversation and nothing of theirs reaches the blocker', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat']);
    // bob writes first, so amy's message is unread for him when he marks the conversation read.
    const his = await sent(c, 'bob', 'amy');
    const hers = await sent(c, 'amy', 'bob');
    await c.call('amy', 'POST', C.blacklist, { userIDList: ['bob'] });
    const amy = await c.connect('amy');
    const refused = [
      c.call('bob', 'POST', msgPath('C2Camy', his.ID, 'modify'), { version: 0, payload: { text: 'edited' } }),
      c.call('bob', 'POST', msgPath('C2Camy', his.ID, 'modify'), { version: 0, cloudCustomData: 'mine' }),
      c.call('bob', 'POST', msgPath('C2Camy', hers.ID, 'modify'), { version: 0, cloudCustomData: 'yours' }),
      c.call('bob', 'POST', msgPath('C2Camy', hers.ID, 'reactions'), { reactionID: '👍' }),
      c.call('bob', 'POST', msgPath('C2Camy', his.ID, 'revoke')),
      c.call('bob', 'POST', convPath('C2Camy', 'receipts'), { messageIDList: [hers.ID] }),
      // Typing is an online-only custom message (reference §3.1): refused as every send is (CNT8).
      c.call('bob', 'POST', '/api/v1/messages', {
        ID: nextID(),
        conversationType: 'C2C',
        to: 'amy',
        type: 'TIMCustomElem',
        payload: { data: '{"businessID":"user_typing_status"}' },
        onlineUserOnly: true,
      }),
    ];
    for (const res of await Promise.all(refused)) expect([res.status, res.code]).toEqual([403, 20007]);
    // Reading is bob's own business: his position moves, but amy hears nothing of it.
    expect((await c.post('bob', convPath('C2Camy', 'read'))).status).toBe(200);
    await sentinel(c, amy);
    // Only cat's sentinel reached amy: nothing of bob's, and her conversation with bob did not move.
    const fromBob = eventsOf(amy).filter(
      (e) =>
        !(e.type === 'message.new' && (e.message as WireMessage).from === 'cat') &&
        !(e.type === 'conversation.changed' && e.conversationID !== 'C2Cbob'),
    );
    expect(fromBob).toEqual([]);
    const history = await c.history('amy', 'C2Cbob');
    expect(history.messageList.map((m) => [m.ID, m.payload, m.cloudCustomData, m.isRevoked])).toEqual([
      [his.ID, { text: 'from bob' }, '', false],
      [hers.ID, { text: 'from amy' }, '', false],
    ]);
    // The blocker is not limited, and unblocking lets the blocked user act again.
    expect(
      (await c.call('amy', 'POST', msgPath('C2Cbob', his.ID, 'modify'), { version: 0, cloudCustomData: 'a' })).code,
    ).toBe(0);
    await c.call('amy', 'POST', C.removeBlacklist, { userIDList: ['bob'] });
    expect((await c.call('bob', 'POST', msgPath('C2Camy', hers.ID, 'reactions'), { reactionID: '👍' })).code).toBe(0);
    await c.close();
  });

  it('ABU11 in a group the blocked user cannot change or react to the blocker’s messages, nor send them read receipts', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat']);
    const g = await c.create('amy', { name: 'g', type: 'Public', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
    const conv = `GROUP${g.groupID}`;
    const hers = (await c.say('amy', g.groupID, { needReadReceipt: true })).json.message as WireMessage;
    const cats = (await c.say('cat', g.groupID)).json.message as WireMessage;
    await c.call('amy', 'POST', C.blacklist, { userIDList: ['bob'] });
    const amy = await c.connect('amy');
    const onHers = [
      c.call('bob', 'POST', msgPath(conv, hers.ID, 'modify'), { version: 0, cloudCustomData: 'x' }),
      c.call('bob', 'POST', msgPath(conv, hers.ID, 'reactions'), { reactionID: '👍' }),
    ];
    for (const res of await Promise.all(onHers)) expect([res.status, res.code]).toEqual([403, 20007]);
    await c.post('bob', convPath(conv, 'read'));
    await sentinel(c, amy);
    expect(eventsOf(amy).filter((e) => e.type === 'group.read-receipt' || e.type === 'message.reactions')).toEqual([]);
    // The group stays a shared room: another member's message takes bob's change as before.
    expect(
      (await c.call('bob', 'POST', msgPath(conv, cats.ID, 'modify'), { version: 0, cloudCustomData: 'y' })).code,
    ).toBe(0);
    await c.close();
  });

  it('ABU12 a blocked user puts the blocker in no group: create refuses 20007, add lists them as failures', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat']);
    await c.call('amy', 'POST', C.blacklist, { userIDList: ['bob'] });
    const created = await c.call('bob', 'POST', R.groups, {
      name: 'w',
      type: 'Private',
      memberList: [{ userID: 'amy' }],
    });
    expect([created.status, created.code]).toEqual([403, 20007]);
    const work = await c.create('bob', { name: 'w', type: 'Private', memberList: [{ userID: 'cat' }] });
    const added = await c.call('bob', 'POST', path(R.members, work.groupID), { userIDList: ['amy'] });
    expect(added.json).toMatchObject({ successUserIDList: [], failureUserIDList: ['amy'] });
    // cat did not block bob: cat may add amy, and bob may then message the group as any member does.
    const byCat = await c.call('cat', 'POST', path(R.members, work.groupID), { userIDList: ['amy'] });
    expect(byCat.json).toMatchObject({ successUserIDList: ['amy'], failureUserIDList: [] });
    const groups = (await c.call('amy', 'GET', R.groups)).json.groupList as Group[];
    expect(groups.map((x) => x.groupID)).toEqual([work.groupID]);
    await c.close();
  });

  it('ABU13 the blocked user sees the blocker offline: no status pushes, offline answers, not online in a group', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat']);
    for (const u of ['bob', 'cat']) await c.call(u, 'POST', C.statusSubscribe, { userIDList: ['amy'] });
    const g = await c.create('cat', { name: 'g', type: 'Public', memberList: [{ userID: 'amy' }, { userID: 'bob' }] });
    await c.call('amy', 'POST', C.blacklist, { userIDList: ['bob'] });
    const bob = await c.connect('bob');
    const cat = await c.connect('cat');
    await c.connect('amy');
    await c.call('amy', 'PUT', C.selfStatus, { customStatus: 'busy' });
    await cat.next(
      (f) =>
        isEvent('user.status')(f) && (f.event as { status: { customStatus: string } }).status.customStatus === 'busy',
    );
    // A later subscription gives nothing either.
    await c.call('bob', 'POST', C.statusSubscribe, { userIDList: ['amy'] });
    await c.call('bob', 'PATCH', '/api/v1/profile', { nick: 'b' });
    await bob.next(isEvent('profile.updated'));
    expect(eventsOf(bob).filter((e) => e.type === 'user.status')).toEqual([]);
    const query = async (as: string) => (await c.call(as, 'POST', C.statusQuery, { userIDList: ['amy'] })).json;
    expect((await query('bob')).successUserList).toEqual([{ userID: 'amy', statusType: 2, customStatus: '' }]);
    expect((await query('cat')).successUserList).toEqual([{ userID: 'amy', statusType: 1, customStatus: 'busy' }]);
    const online = async (as: string) => {
      const res = await c.call(as, 'POST', path(R.memberProfiles, g.groupID), { userIDList: ['amy'] });
      return (res.json.memberList as GroupMember[])[0]?.isOnline;
    };
    expect([await online('bob'), await online('cat')]).toEqual([false, true]);
    await c.close();
  });
});
