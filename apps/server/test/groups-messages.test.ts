import type { GroupAtInfo, WireConversation, WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { makeGroupChat, path, R } from './support/groups.ts';
import { KINDS, nextID } from './support/messaging.ts';

afterEach(cleanupApps);

const AT_ALL = '__kImSDK_MesssageAtALL__';

describe.each(KINDS)('group messages (%s)', (kind) => {
  const open = (env: Record<string, string> = {}) => makeGroupChat(kind, ['amy', 'bob', 'cat', 'dan'], env);
  const conv = async (c: Awaited<ReturnType<typeof open>>, as: string, groupID: string) =>
    (await c.conversations(as)).conversationList.find(
      (x) => x.conversationID === `GROUP${groupID}`,
    ) as WireConversation;

  it('GRP11 idempotent, dense per group with the tips, nick and name card as at send time', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'g', memberList: [{ userID: 'bob' }] });
    await c.call('bob', 'PUT', path(R.nameCard, g.groupID, { userID: 'bob' }), { nameCard: 'Bobby' });
    const ID = nextID();
    const first = await c.say('bob', g.groupID, { ID });
    const again = await c.say('bob', g.groupID, { ID });
    expect(again.json).toEqual(first.json);
    await c.call('bob', 'PUT', path(R.nameCard, g.groupID, { userID: 'bob' }), { nameCard: 'Robert' });
    await c.call('amy', 'POST', path(R.members, g.groupID), { userIDList: ['cat'] });
    await c.say('amy', g.groupID);
    const history = await c.groupHistory('bob', g.groupID);
    expect(history.map((m) => [m.sequence, m.type, m.from])).toEqual([
      [1, 'TIMTextElem', 'bob'],
      [2, 'TIMGroupTipElem', 'amy'],
      [3, 'TIMTextElem', 'amy'],
    ]);
    expect(history[0]).toMatchObject({
      ID,
      nick: 'bob-nick',
      nameCard: 'Bobby',
      conversationType: 'GROUP',
      to: g.groupID,
    });
    expect((await conv(c, 'bob', g.groupID)).unreadCount).toBe(2);
    await c.close();
  });

  it('GRP6 history before the join: a Work group shows it, a Public group starts at the join', async () => {
    const c = await open();
    const work = await c.create('amy', { name: 'w' });
    const pub = await c.create('amy', { name: 'p', type: 'Public', joinOption: 'FreeAccess' });
    await c.say('amy', work.groupID, { payload: { text: 'before' } });
    await c.say('amy', pub.groupID, { payload: { text: 'before' } });
    await c.call('amy', 'POST', path(R.members, work.groupID), { userIDList: ['bob'] });
    await c.call('bob', 'POST', path(R.join, pub.groupID), {});
    expect((await c.groupHistory('bob', work.groupID)).map((m) => m.payload.text ?? 'tip')).toEqual(['before', 'tip']);
    expect((await c.groupHistory('bob', pub.groupID)).map((m) => m.payload.text ?? 'tip')).toEqual(['tip']);
    // What was there before the join is read; the tip announcing it is the one unread message.
    expect((await conv(c, 'bob', work.groupID)).unreadCount).toBe(1);
    await c.close();
  });

  it('GRP18 a mute that commits while a send waits for its batch refuses that send: the writer checks again', async () => {
    const c = await open();
    const g = await c.create('amy', {
      name: 'race',
      type: 'Public',
      memberList: [{ userID: 'bob', role: 'Admin' }, { userID: 'cat' }],
    });
    // The early check reads cat's row before the mute; the mute commits right after it, before the send is written.
    const groups = c.app.parley.domain.storage.groups;
    const getMember = groups.getMember.bind(groups);
    let armed = true;
    groups.getMember = async (groupID, userID) => {
      const row = await getMember(groupID, userID);
      if (armed && userID === 'cat') {
        armed = false;
        const muted = await c.call('bob', 'PUT', path(R.mute, groupID, { userID: 'cat' }), { muteTime: 600 });
        expect(muted.code).toBe(0);
      }
      return row;
    };
    expect((await c.say('cat', g.groupID)).json).toMatchObject({ code: 10017 });
    expect(armed).toBe(false);
    const history = await c.groupHistory('amy', g.groupID);
    expect(history.filter((m) => m.type === 'TIMTextElem')).toEqual([]);
    expect((await c.say('bob', g.groupID)).code).toBe(0);
  });

  it('GRP11 refused senders write nothing: non-member, muted member, Mute All; the messages say why', async () => {
    const c = await open();
    const g = await c.create('amy', {
      name: 'p',
      type: 'Public',
      memberList: [{ userID: 'bob', role: 'Admin' }, { userID: 'cat' }],
    });
    const id = g.groupID;
    expect((await c.say('dan', id)).code).toBe(10007);
    const muted = await c.call('bob', 'PUT', path(R.mute, id, { userID: 'cat' }), { muteTime: 2_592_000 });
    const until = (muted.json.member as { muteUntil: number }).muteUntil;
    expect(until - Math.floor(Date.now() / 1000)).toBeGreaterThan(2_592_000 - 60);
    expect((await c.say('cat', id)).json).toMatchObject({ code: 10017, message: 'You have been muted by the admin' });
    expect((await c.call('amy', 'PUT', path(R.mute, id, { userID: 'cat' }), { muteTime: -1 })).json.code).toBe(60003);
    expect((await c.call('amy', 'PUT', path(R.mute, id, { userID: 'cat' }), { muteTime: 10 ** 9 })).code).toBe(10004);
    expect((await c.call('amy', 'PUT', path(R.mute, id, { userID: 'amy' }), { muteTime: 60 })).code).toBe(2685);
    await c.call('amy', 'PUT', path(R.mute, id, { userID: 'cat' }), { muteTime: 0 });
    expect((await c.say('cat', id)).code).toBe(0);
    await c.call('bob', 'PATCH', path(R.group, id), { muteAllMembers: true });
    expect((await c.say('cat', id)).json).toMatchObject({ code: 10017, message: 'The admin enables Mute All' });
    expect((await c.say('bob', id)).code).toBe(0);
    const history = await c.groupHistory('amy', id);
    const tipped = history.filter((m) => m.type === 'TIMGroupTipElem').map((m) => m.payload);
    expect(
      tipped.map((p) => [p.operationType, (p.memberList as { muteTime?: number }[])[0]?.muteTime, p.newGroupProfile]),
    ).toEqual([
      [7, 2_592_000, {}],
      [7, 0, {}],
      [6, undefined, { muteAllMembers: true }],
    ]);
    expect(history.filter((m) => m.type === 'TIMTextElem').map((m) => m.from)).toEqual(['cat', 'bob']);
    await c.close();
  });

  it('GRP17 a member sets its own remind type for a group; a non-member cannot', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'g', memberList: [{ userID: 'bob' }] });
    await c.say('amy', g.groupID);
    const unread = async () =>
      ((await c.get('bob', '/api/v1/unread')).json as { totalUnreadCount: number }).totalUnreadCount;
    // The message and the 'invited' notice in @TIM#SYSTEM.
    expect(await unread()).toBe(2);
    expect((await c.call('bob', 'PUT', path(R.remind, g.groupID), { messageRemindType: 'AcceptNotNotify' })).code).toBe(
      0,
    );
    expect((await conv(c, 'bob', g.groupID)).messageRemindType).toBe('AcceptNotNotify');
    expect(await unread()).toBe(1);
    expect((await c.call('dan', 'PUT', path(R.remind, g.groupID), { messageRemindType: 'Discard' })).code).toBe(10007);
    expect((await c.call('bob', 'PUT', path(R.remind, g.groupID), { messageRemindType: 'Loud' })).status).toBe(400);
    await c.close();
  });

  it('GRP7 profile edits apply only when non-empty and changed; each change is one tip', async () => {
    const c = await open();
    const g = await c.create('amy', {
      name: 'old',
      type: 'Public',
      notification: 'n1',
      memberList: [{ userID: 'bob' }],
    });
    await c.call('amy', 'PATCH', path(R.group, g.groupID), { name: '', notification: 'n1' });
    const renamed = await c.call('amy', 'PATCH', path(R.group, g.groupID), { name: 'new', notification: 'n2' });
    expect(renamed.json.group).toMatchObject({ name: 'new', notification: 'n2' });
    const tipped = (await c.groupHistory('bob', g.groupID)).map((m) => m.payload.newGroupProfile);
    expect(tipped).toEqual([{ groupName: 'new', notification: 'n2' }]);
    await c.close();
  });

  it('GRP12 mentions: strangers refused; AT_ME, AT_ALL and both mark the conversation until read', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'g', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
    expect((await c.say('amy', g.groupID, { atUserList: ['dan'] })).json).toMatchObject({ code: 2623 });
    await c.say('amy', g.groupID, { atUserList: ['bob'] });
    await c.say('amy', g.groupID, { atUserList: [AT_ALL] });
    await c.say('cat', g.groupID, { atUserList: [AT_ALL, 'bob'] });
    const at = (await conv(c, 'bob', g.groupID)).groupAtInfoList as GroupAtInfo[];
    expect(at.map((a) => [a.from, a.atTypeArray])).toEqual([
      ['amy', [1]],
      ['amy', [2]],
      ['cat', [3]],
    ]);
    // amy's own mentions are not hers to see; cat's later one is (sending reads what came before, RD2).
    expect(((await conv(c, 'amy', g.groupID)).groupAtInfoList ?? []).map((a) => a.atTypeArray)).toEqual([[2]]);
    await c.post('bob', `/api/v1/conversations/${encodeURIComponent(`GROUP${g.groupID}`)}/read`);
    expect((await conv(c, 'bob', g.groupID)).groupAtInfoList).toEqual([]);
    expect((await conv(c, 'bob', g.groupID)).groupProfile).toMatchObject({
      groupID: g.groupID,
      selfInfo: { role: 'Member' },
    });
    await c.close();
  });

  it('GRP14 read receipts follow read positions, right after members read out of order; paged member lists', async () => {
    const c = await open();
    const g = await c.create('amy', {
      name: 'g',
      memberList: [{ userID: 'bob' }, { userID: 'cat' }, { userID: 'dan' }],
    });
    const id = g.groupID;
    const receipts: { messageID: string; readCount: number }[] = [];
    await c.app.parley.domain.bus.subscribe('user:amy', (e) => {
      if (e.type === 'group.read-receipt') receipts.push(...(e.receipts as { messageID: string; readCount: number }[]));
    });
    const m1 = (await c.say('amy', id, { needReadReceipt: true })).json.message as WireMessage;
    const m2 = (await c.say('amy', id, { needReadReceipt: true })).json.message as WireMessage;
    const counts = async () =>
      (
        (await c.call('amy', 'POST', path(R.readReceipts, id), { messageIDList: [m1.ID, m2.ID] })).json.messageList as {
          readCount: number;
          unreadCount: number;
        }[]
      ).map((r) => [r.readCount, r.unreadCount]);
    expect(await counts()).toEqual([
      [0, 3],
      [0, 3],
    ]);
    await c.call('cat', 'POST', path(R.sendReadReceipt, id), { messageIDList: [m2.ID] });
    await c.call('bob', 'POST', path(R.sendReadReceipt, id), { messageIDList: [m1.ID] });
    await c.call('bob', 'POST', path(R.sendReadReceipt, id), { messageIDList: [m1.ID] });
    expect(await counts()).toEqual([
      [2, 1],
      [1, 2],
    ]);
    const readers = async (filter: string, cursor = '') =>
      (
        await c.call(
          'amy',
          'GET',
          `${path(R.readMembers, id, { messageID: m1.ID })}?filter=${filter}&count=1&cursor=${cursor}`,
        )
      ).json;
    const p1 = await readers('0');
    const p2 = await readers('0', p1.cursor as string);
    expect([p1.readUserIDList, p1.isCompleted, p2.readUserIDList, p2.isCompleted]).toEqual([
      ['bob'],
      false,
      ['cat'],
      true,
    ]);
    expect((await readers('1')).unreadUserIDList).toEqual(['dan']);
    await c.close();
  });

  it('GRP15 with group read receipts turned off the calls answer 10062 with the seed text', async () => {
    const c = await open({ PARLEY_GROUP_READ_RECEIPTS: '0' });
    const g = await c.create('amy', { name: 'g', memberList: [{ userID: 'bob' }] });
    for (const [method, url, body] of [
      ['POST', path(R.readReceipts, g.groupID), { messageIDList: ['x'] }],
      ['POST', path(R.sendReadReceipt, g.groupID), { messageIDList: ['x'] }],
      ['GET', path(R.onlineCount, g.groupID), undefined],
    ] as const) {
      expect((await c.call('bob', method, url, body)).json).toEqual({
        code: 10062,
        message: 'The package you purchased does not support this ability.',
      });
    }
    await c.close();
  });

  it('GRP16 an AVChatRoom keeps only a short recent history; other types keep all of it', async () => {
    const c = await open();
    const av = await c.create('amy', { name: 'live', type: 'AVChatRoom' });
    const work = await c.create('amy', { name: 'w' });
    for (let i = 0; i < 130; i += 1) {
      await c.say('amy', av.groupID);
      if (i < 120) await c.say('amy', work.groupID);
    }
    const first = async (groupID: string) =>
      (await c.history('amy', encodeURIComponent(`GROUP${groupID}`), '?afterSeq=0&count=5')).messageList[0]?.sequence;
    await expect.poll(() => first(av.groupID)).toBe(31);
    expect(await first(work.groupID)).toBe(1);
    await c.close();
  });

  it('GRP10 attributes: init, set, delete, get, limits and a missing key', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'g', type: 'AVChatRoom' });
    const id = g.groupID;
    await c.call('bob', 'POST', path(R.join, id), {});
    expect(
      (await c.call('amy', 'POST', path(R.initAttributes, id), { groupAttributes: { a: '1', b: '2' } })).code,
    ).toBe(0);
    expect(
      (await c.call('amy', 'PUT', path(R.attributes, id), { groupAttributes: { b: '3', c: '4' } })).json
        .groupAttributes,
    ).toEqual({ a: '1', b: '3', c: '4' });
    expect((await c.call('amy', 'POST', path(R.deleteAttributes, id), { keyList: ['zz'] })).code).toBe(10050);
    expect((await c.call('amy', 'POST', path(R.deleteAttributes, id), { keyList: ['a'] })).json.keyList).toEqual(['a']);
    expect((await c.call('bob', 'GET', path(R.attributes, id))).json.groupAttributes).toEqual({ b: '3', c: '4' });
    const big = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, 'v'.repeat(4000)]));
    expect((await c.call('amy', 'PUT', path(R.attributes, id), { groupAttributes: big })).code).toBe(10004);
    await c.close();
  });
});
