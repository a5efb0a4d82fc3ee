import { ERRORS, type WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { KINDS, makeChat, nextID } from './support/messaging.ts';

afterEach(cleanupApps);

describe.each(KINDS)('messaging over HTTP (%s)', (kind) => {
  const open = (users = ['amy', 'bob', 'cat']) => makeChat(kind, users);

  it('M1 a retried send returns the stored message and stores and pushes it once', async () => {
    const c = await open();
    const pushed: unknown[] = [];
    await c.app.parley.domain.bus.subscribe('user:bob', (e) => pushed.push(e));
    const ID = nextID();
    const first = await c.send('amy', 'bob', { ID, payload: { text: 'once' } });
    const again = await c.send('amy', 'bob', { ID, payload: { text: 'once' } });
    expect(first.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await c.history('bob', 'C2Camy')).messageList.map((m) => m.ID)).toEqual([ID]);
    await c.send('amy', 'bob', { payload: { text: 'sentinel' } });
    await expect.poll(() => pushed.length).toBe(2);
    await c.close();
  });

  it('SEQ1 sequences are dense per conversation; each conversation counts on its own', async () => {
    const c = await open();
    const seqs: number[] = [];
    for (let i = 0; i < 5; i += 1)
      seqs.push(((await c.send(i % 2 ? 'bob' : 'amy', i % 2 ? 'amy' : 'bob')).json.message as WireMessage).sequence);
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
    expect(((await c.send('amy', 'cat')).json.message as WireMessage).sequence).toBe(1);
    await c.close();
  });

  it('M6 rejected sends appear nowhere: unknown user, too long, prohibited, malformed, unsupported type', async () => {
    const c = await open();
    const pushed: unknown[] = [];
    await c.app.parley.domain.bus.subscribe('user:bob', (e) => pushed.push(e));
    const cases: [Record<string, unknown>, string, number, number][] = [
      [{}, 'ghost', 404, ERRORS.ACCOUNT_NOT_FOUND.code],
      [{ payload: { text: 'x'.repeat(8 * 1024 + 1) } }, 'bob', 413, ERRORS.MESSAGE_TOO_LONG.code],
      [{ payload: { text: '招聘兼职，刷单返利，日结' } }, 'bob', 422, ERRORS.PROHIBITED_CONTENT.code],
      [{ payload: { text: 'cheap Heroin here' } }, 'bob', 422, ERRORS.PROHIBITED_CONTENT.code],
      [{ payload: { text: '' } }, 'bob', 400, ERRORS.INVALID_PARAMS.code],
      [{ type: 'TIMImageElem', payload: { imageInfoArray: [] } }, 'bob', 400, ERRORS.INVALID_PARAMS.code],
      [{ type: 'TIMCustomElem', payload: {} }, 'bob', 400, ERRORS.INVALID_PARAMS.code],
    ];
    for (const [body, to, status, code] of cases) {
      const res = await c.send('amy', to, body);
      expect([res.status, res.json.code]).toEqual([status, code]);
    }
    const tooLong = await c.send('amy', 'bob', { payload: { text: 'y'.repeat(9000) } });
    expect(tooLong.json.message).toBe('The message you sent exceeds the maximum length (>8KB).');
    const prohibited = await c.send('amy', 'bob', { payload: { text: '代开发票' } });
    expect(prohibited.json.message).toBe(
      'Your message may contain prohibited content, please stop sending such content.',
    );
    expect((await c.conversations('amy')).conversationList).toEqual([]);
    expect((await c.conversations('bob')).conversationList).toEqual([]);
    expect((await c.history('bob', 'C2Camy')).messageList).toEqual([]);
    await c.send('amy', 'bob', { payload: { text: 'a harmless cocktail, then a word: Scunthorpe' } });
    await expect.poll(() => pushed.length).toBe(1);
    await c.close();
  });

  it('HIST1 history pages of 15, oldest first within a page, with a nextReqMessageID cursor', async () => {
    const c = await open();
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1)
      ids.push(((await c.send('amy', 'bob', { payload: { text: `n${i}` } })).json.message as WireMessage).ID);
    const first = await c.history('bob', 'C2Camy');
    expect(first.messageList.map((m) => m.sequence)).toEqual(Array.from({ length: 15 }, (_, i) => i + 6));
    expect(first.nextReqMessageID).toBe(ids[5]);
    expect(first.isCompleted).toBe(false);
    const second = await c.history('bob', 'C2Camy', `?nextReqMessageID=${first.nextReqMessageID}`);
    expect(second.messageList.map((m) => m.ID)).toEqual(ids.slice(0, 5));
    expect(second.isCompleted).toBe(true);
    const bad = await c.get('bob', '/api/v1/conversations/C2Camy/messages?nextReqMessageID=nope');
    expect(bad.json.code).toBe(ERRORS.MESSAGE_NOT_FOUND.code);
    await c.close();
  });

  it('SYNC2 catch-up returns the messages after a sequence, oldest first', async () => {
    const c = await open();
    for (let i = 0; i < 7; i += 1) await c.send(i % 2 ? 'bob' : 'amy', i % 2 ? 'amy' : 'bob');
    const after = await c.history('bob', 'C2Camy', '?afterSeq=4');
    expect(after.messageList.map((m) => m.sequence)).toEqual([5, 6, 7]);
    expect(after.isCompleted).toBe(true);
    expect((await c.history('bob', 'C2Camy', '?afterSeq=2&count=2')).isCompleted).toBe(false);
    await c.close();
  });

  it('RD2 unread counts the peer’s messages after my read sequence; RD3 reading tells the peer', async () => {
    const c = await open();
    const peerRead: unknown[] = [];
    await c.app.parley.domain.bus.subscribe('user:amy', (e) => {
      if (e.type === 'message.peer-read') peerRead.push(e);
    });
    await c.send('bob', 'amy', { payload: { text: 'first' } });
    for (let i = 0; i < 3; i += 1) await c.send('amy', 'bob');
    const bobView = (await c.conversations('bob')).conversationList[0];
    expect(bobView).toMatchObject({ conversationID: 'C2Camy', type: 'C2C', unreadCount: 3, lastSequence: 4 });
    expect(bobView?.userProfile?.nick).toBe('amy-nick');
    expect(bobView?.lastMessage).toMatchObject({
      messageForShow: 'hello',
      fromAccount: 'amy',
      lastSequence: 4,
      isPeerRead: false,
    });
    expect((await c.conversations('amy')).conversationList[0]?.unreadCount).toBe(0);
    expect((await c.get('bob', '/api/v1/unread')).json).toEqual({ totalUnreadCount: 3 });
    const amyCursor = (await c.conversations('amy')).syncVersion;
    expect((await c.post('bob', '/api/v1/conversations/C2Camy/read')).json).toEqual({ readSequence: 4 });
    const amyDelta = await c.conversations('amy', amyCursor);
    expect(amyDelta.conversationList).toMatchObject([{ conversationID: 'C2Cbob', peerReadSequence: 4 }]);
    expect((await c.get('bob', '/api/v1/unread')).json).toEqual({ totalUnreadCount: 0 });
    await expect
      .poll(() => peerRead)
      .toEqual([{ type: 'message.peer-read', conversationID: 'C2Cbob', peerReadSequence: 4 }]);
    const amyView = (await c.conversations('amy')).conversationList[0];
    expect(amyView).toMatchObject({ peerReadSequence: 4, lastMessage: { isPeerRead: true } });
    await c.close();
  });

  it('CONV1 pin, remind type and total unread: AcceptNotNotify conversations are not counted', async () => {
    const c = await open();
    await c.send('amy', 'bob');
    await c.send('cat', 'bob');
    expect((await c.post('bob', '/api/v1/conversations/C2Ccat/pin', { isPinned: true })).status).toBe(200);
    const remind = await c.post('bob', '/api/v1/conversations/remind', {
      userIDList: ['amy', 'ghost'],
      messageRemindType: 'AcceptNotNotify',
    });
    expect(remind.json).toEqual({
      successUserIDList: [{ userID: 'amy' }],
      failureUserIDList: [
        { userID: 'ghost', code: ERRORS.ACCOUNT_NOT_FOUND.code, message: ERRORS.ACCOUNT_NOT_FOUND.message },
      ],
    });
    const list = (await c.conversations('bob')).conversationList;
    expect(list.find((x) => x.conversationID === 'C2Ccat')).toMatchObject({ isPinned: true });
    expect(list.find((x) => x.conversationID === 'C2Camy')).toMatchObject({
      messageRemindType: 'AcceptNotNotify',
      unreadCount: 1,
    });
    expect((await c.get('bob', '/api/v1/unread')).json).toEqual({ totalUnreadCount: 1 });
    expect((await c.post('bob', '/api/v1/conversations/C2Ccat/pin', { isPinned: 'yes' })).status).toBe(400);
    await c.close();
  });

  it('CONV2 deleting a conversation hides it with its history until a new message arrives', async () => {
    const c = await open();
    await c.send('amy', 'bob', { payload: { text: 'old' } });
    const before = (await c.conversations('bob')).syncVersion;
    expect((await c.del('bob', '/api/v1/conversations/C2Camy')).status).toBe(200);
    expect((await c.conversations('bob')).conversationList).toEqual([]);
    const delta = await c.conversations('bob', before);
    expect(delta.conversationList).toMatchObject([{ conversationID: 'C2Camy', hidden: true }]);
    expect((await c.history('bob', 'C2Camy')).messageList).toEqual([]);
    expect((await c.history('amy', 'C2Cbob')).messageList).toHaveLength(1);
    await c.send('amy', 'bob', { payload: { text: 'new' } });
    const back = (await c.conversations('bob')).conversationList;
    expect(back).toMatchObject([{ conversationID: 'C2Camy', hidden: false, unreadCount: 1 }]);
    expect((await c.history('bob', 'C2Camy')).messageList.map((m) => m.payload.text)).toEqual(['new']);
    expect((await c.del('bob', '/api/v1/conversations/C2Ccat')).json.code).toBe(ERRORS.CONV_NOT_FOUND.code);
    await c.close();
  });

  it('SYNC1 conversations changed since a cursor come back, nothing else', async () => {
    const c = await open();
    await c.send('amy', 'bob');
    await c.send('cat', 'bob');
    const cursor = (await c.conversations('bob')).syncVersion;
    expect((await c.conversations('bob', cursor)).conversationList).toEqual([]);
    await c.send('cat', 'bob', { payload: { text: 'again' } });
    const delta = await c.conversations('bob', cursor);
    expect(delta.conversationList.map((x) => x.conversationID)).toEqual(['C2Ccat']);
    expect(delta.syncVersion).toBeGreaterThan(cursor);
    await c.close();
  });

  it('CONV3 a conversation profile works for a peer never messaged; unknown peers and bad IDs are refused', async () => {
    const c = await open();
    const profile = await c.get('amy', '/api/v1/conversations/C2Ccat');
    expect(profile.json.conversation).toMatchObject({
      conversationID: 'C2Ccat',
      unreadCount: 0,
      lastMessage: null,
      userProfile: { userID: 'cat' },
    });
    expect((await c.get('amy', '/api/v1/conversations/C2Cghost')).json.code).toBe(ERRORS.ACCOUNT_NOT_FOUND.code);
    expect((await c.get('amy', '/api/v1/conversations/GROUPx%20y')).status).toBe(400);
    const sent = (await c.send('amy', 'cat')).json.message as WireMessage;
    expect((await c.get('cat', `/api/v1/conversations/C2Camy/messages/${sent.ID}`)).json.message).toEqual(sent);
    expect((await c.get('cat', '/api/v1/conversations/C2Camy/messages/missing')).json.code).toBe(
      ERRORS.MESSAGE_NOT_FOUND.code,
    );
    expect((await c.get('bob', `/api/v1/conversations/C2Camy/messages/${sent.ID}`)).json.code).toBe(
      ERRORS.MESSAGE_NOT_FOUND.code,
    );
    await c.close();
  });
});
