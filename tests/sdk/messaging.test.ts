import TencentCloudChat, { type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '@parley/chat';
import { loggedIn, networkGate, sendText, type TestClient, texts } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;
const received = (id: string) => (list: Message[]) => list.some((m) => m.ID === id);

describe.each(BACKENDS)('SDK messaging against the real server [%s]', (backend) => {
  const server = useServer(backend);

  async function pair(): Promise<[TestClient, TestClient]> {
    const [amy = '', bob = ''] = await makeUsers(server, 'amy', 'bob');
    return [await loggedIn(server, amy), await loggedIn(server, bob)];
  }

  /** A message from `from` that `to` has received: everything `from` sent before it has been processed too. */
  async function barrier(from: TestClient, to: TestClient): Promise<void> {
    const sent = await sendText(from, to.userID, 'barrier');
    await to.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(sent.ID));
  }

  it('SDK1 two users chat: the message object is mutated in place and the peer receives TIM fields', async () => {
    const [amy, bob] = await pair();
    const message = amy.chat.createTextMessage({
      to: bob.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { text: '你好' },
    });
    const ID = message.ID;
    expect(ID).toMatch(new RegExp(`^${amy.userID}-\\d+-\\d+$`));
    expect(message).toMatchObject({
      status: 'unSend',
      flow: 'out',
      from: amy.userID,
      to: bob.userID,
      conversationID: `C2C${bob.userID}`,
      conversationType: 'C2C',
      type: TYPES.MSG_TEXT,
      payload: { text: '你好' },
      sequence: 0,
      nick: `${amy.userID}-nick`,
      priority: TYPES.MSG_PRIORITY_NORMAL,
    });
    const res = await amy.chat.sendMessage(message);
    expect(res.code).toBe(0);
    expect(res.data.message).toBe(message);
    expect(message).toMatchObject({ ID, status: 'success', sequence: 1 });
    expect(message.time).toBeGreaterThan(0);

    const [got] = await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(ID));
    expect(got).toMatchObject({
      ID,
      flow: 'in',
      from: amy.userID,
      to: bob.userID,
      conversationID: `C2C${amy.userID}`,
      conversationType: 'C2C',
      sequence: 1,
      status: 'success',
      nick: `${amy.userID}-nick`,
      isPeerRead: false,
      isRevoked: false,
      time: message.time,
      clientTime: message.clientTime,
    });
    expect(got?.getElements()).toEqual([{ type: TYPES.MSG_TEXT, content: { text: '你好' } }]);

    // The sender's own message never comes back to it as MESSAGE_RECEIVED.
    await barrier(bob, amy);
    expect(amy.received().map((m) => m.ID)).not.toContain(ID);
  });

  it('SDK2 every tab of a user gets the peer’s messages; a tab’s own message reaches its other tabs once, not itself', async () => {
    const [amy, bob] = await pair();
    const amy2 = await loggedIn(server, amy.userID);
    const fromBob = await sendText(bob, amy.userID, 'to both tabs');
    for (const tab of [amy, amy2]) await tab.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(fromBob.ID));

    const mine = await sendText(amy, bob.userID, 'from tab one');
    const [echo] = await amy2.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(mine.ID));
    expect(echo).toMatchObject({ ID: mine.ID, flow: 'out', conversationID: `C2C${bob.userID}` });
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(mine.ID));

    await barrier(bob, amy);
    await barrier(bob, amy2);
    expect(amy.received().filter((m) => m.ID === mine.ID)).toHaveLength(0);
    expect(amy2.received().filter((m) => m.ID === mine.ID)).toHaveLength(1);
    for (const tab of [amy, amy2]) expect(tab.received().filter((m) => m.ID === fromBob.ID)).toHaveLength(1);
  });

  it('SDK3 getMessageList pages 15 at a time, oldest first within a page; findMessage returns the same objects', async () => {
    const [amy, bob] = await pair();
    const sent: Message[] = [];
    for (let i = 0; i < 20; i += 1) sent.push(await sendText(amy, bob.userID, `m${i}`));
    const last = sent.at(-1) as Message;
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(last.ID));

    const conversationID = `C2C${amy.userID}`;
    const first = await bob.chat.getMessageList({ conversationID });
    expect(first.code).toBe(0);
    expect(texts(first.data.messageList)).toEqual(sent.slice(5).map((m) => String(m.payload.text)));
    expect(first.data.isCompleted).toBe(false);
    const second = await bob.chat.getMessageList({ conversationID, nextReqMessageID: first.data.nextReqMessageID });
    expect(texts(second.data.messageList)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(second.data.isCompleted).toBe(true);
    const small = await bob.chat.getMessageList({ conversationID, count: 5 });
    expect(texts(small.data.messageList)).toEqual(['m15', 'm16', 'm17', 'm18', 'm19']);

    // One object per message: the delivered one, the listed one and the found one are the same.
    const delivered = bob.received().find((m) => m.ID === last.ID);
    expect(first.data.messageList.at(-1)).toBe(delivered);
    expect(bob.chat.findMessage(last.ID)).toBe(delivered);
    expect(amy.chat.findMessage(last.ID)).toBe(last);
    expect(bob.chat.findMessage('no-such-message')).toBeNull();
  });

  it('SDK4 custom and @ messages carry their payloads; invalid factory parameters throw synchronously', async () => {
    const [amy, bob] = await pair();
    const custom = amy.chat.createCustomMessage({
      to: bob.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { data: '{"job":42}', description: '职位卡片', extension: 'job' },
      cloudCustomData: '{"v":1}',
    });
    await amy.chat.sendMessage(custom);
    const [got] = await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(custom.ID));
    expect(got).toMatchObject({
      type: TYPES.MSG_CUSTOM,
      payload: { data: '{"job":42}', description: '职位卡片', extension: 'job' },
      cloudCustomData: '{"v":1}',
    });
    const at = amy.chat.createTextAtMessage({
      to: bob.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { text: '@bob hi', atUserList: [bob.userID] },
    });
    await amy.chat.sendMessage(at);
    const [gotAt] = await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(at.ID));
    expect(gotAt).toMatchObject({ type: TYPES.MSG_TEXT, payload: { text: '@bob hi' }, atUserList: [bob.userID] });

    const c2c = TYPES.CONV_C2C;
    const bad: (() => unknown)[] = [
      () => amy.chat.createTextMessage({ to: '', conversationType: c2c, payload: { text: 'x' } }),
      () => amy.chat.createTextMessage({ to: bob.userID, conversationType: c2c, payload: { text: '' } }),
      () => amy.chat.createTextMessage({ to: bob.userID, conversationType: 'NOPE', payload: { text: 'x' } }),
      () => amy.chat.createCustomMessage({ to: bob.userID, conversationType: c2c, payload: { data: 1 as never } }),
      () =>
        amy.chat.createTextAtMessage({
          to: bob.userID,
          conversationType: c2c,
          payload: { text: 'x', atUserList: 'b' as never },
        }),
      () => amy.chat.getMessageList({ conversationID: '' }),
    ];
    for (const call of bad) expect(call).toThrow('Params validate failed.');
  });

  it.each([
    ['80001', 'prohibited content', '加我微信，刷单返利，日结', 80001],
    ['80002', 'over 8 KB', '长'.repeat(3000), 80002],
  ])(
    'M6 SDK5 a send refused with %s (%s) fails the message with err.data.message and stores nothing',
    async (_code, _what, text, code) => {
      const [amy, bob] = await pair();
      const message = amy.chat.createTextMessage({
        to: bob.userID,
        conversationType: TYPES.CONV_C2C,
        payload: { text },
      });
      const err = await amy.chat.sendMessage(message).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).toMatchObject({ code, data: { message } });
      expect(message.status).toBe('fail');
      if (code === 80001) expect(message.hasRiskContent).toBe(true);

      // A resend keeps the ID and is refused the same way.
      const again = await amy.chat.resendMessage(message).catch((e: unknown) => e);
      expect(again).toMatchObject({ code });
      expect(message).toMatchObject({ status: 'fail', isResend: true });

      await barrier(amy, bob);
      expect(bob.received().map((m) => m.ID)).not.toContain(message.ID);
      const history = await bob.chat.getMessageList({ conversationID: `C2C${amy.userID}` });
      expect(history.data.messageList.map((m) => m.ID)).not.toContain(message.ID);
      expect(history.data.messageList.map((m) => m.sequence)).toEqual([1]);
    },
  );

  it('M6 SDK5 a send to a user that does not exist fails with 20003', async () => {
    const [amy] = await pair();
    const message = amy.chat.createTextMessage({
      to: 'nobody-here',
      conversationType: TYPES.CONV_C2C,
      payload: { text: 'hi' },
    });
    await expect(amy.chat.sendMessage(message)).rejects.toMatchObject({ code: 20003, data: { message } });
    expect(message.status).toBe('fail');
    const { data } = await amy.chat.getConversationList();
    expect(data.conversationList.map((c) => c.conversationID)).not.toContain('C2Cnobody-here');
  });

  it('SDK6 online-only messages reach the connected peer flagged _onlineOnlyFlag, and are neither stored nor counted', async () => {
    const [amy, bob] = await pair();
    const typing = amy.chat.createCustomMessage({
      to: bob.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { data: 'typing' },
    });
    const res = await amy.chat.sendMessage(typing, { onlineUserOnly: true });
    expect(res.data.message).toMatchObject({ status: 'success', _onlineOnlyFlag: true, sequence: 0 });
    const [got] = await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(typing.ID));
    expect(got).toMatchObject({ _onlineOnlyFlag: true, payload: { data: 'typing' }, flow: 'in' });

    await barrier(amy, bob);
    expect(bob.chat.getTotalUnreadMessageCount()).toBe(1);
    const history = await bob.chat.getMessageList({ conversationID: `C2C${amy.userID}` });
    expect(history.data.messageList.map((m) => m.ID)).not.toContain(typing.ID);
  });

  it('M1 SDK7 a send whose reply is lost is retried with the same ID, stored once and delivered once', async () => {
    const [amyID = '', bobID = ''] = await makeUsers(server, 'amy', 'bob');
    const posts: string[] = [];
    // The server stores the first attempt, then the reply is lost: the SDK cannot know and must retry.
    const lossy: FetchLike = async (input, init) => {
      const res = await globalThis.fetch(input, init);
      if (init?.method === 'POST' && String(input).endsWith('/api/v1/messages')) {
        posts.push(JSON.parse(String(init.body)).ID);
        if (posts.length === 1) throw new TypeError('fetch failed');
      }
      return res;
    };
    // No push for amy, so her own message cannot come back that way: only the retry can settle the send.
    const noPush = networkGate();
    noPush.offline = true;
    const amy = await loggedIn(server, amyID, { fetch: lossy, WebSocket: noPush.WebSocket });
    const bob = await loggedIn(server, bobID);
    const message = amy.chat.createTextMessage({
      to: bobID,
      conversationType: TYPES.CONV_C2C,
      payload: { text: 'once' },
    });
    const ID = message.ID;
    const res = await amy.chat.sendMessage(message);
    expect(posts).toEqual([ID, ID]);
    expect(res.data.message).toMatchObject({ ID, status: 'success', sequence: 1 });
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(ID));
    await barrier(amy, bob);
    expect(bob.received().filter((m) => m.ID === ID)).toHaveLength(1);
    const history = await bob.chat.getMessageList({ conversationID: `C2C${amyID}` });
    expect(history.data.messageList.map((m) => [m.ID, m.sequence])).toEqual([
      [ID, 1],
      [expect.any(String), 2],
    ]);
  });
});
