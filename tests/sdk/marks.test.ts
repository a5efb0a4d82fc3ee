import TencentCloudChat, { type Conversation } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, sendText } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;
const STAR = TYPES.CONV_MARK_TYPE_STAR;
const UNREAD = TYPES.CONV_MARK_TYPE_UNREAD;
const marksOf = (list: Conversation[], id: string) => list.find((c) => c.conversationID === id)?.markList;
const same = (a: number[] | undefined, b: number[]) => JSON.stringify(a) === JSON.stringify(b);

/** Decision 0043: conversation marks kept on the server, per user and conversation. */
describe.each(BACKENDS)('SDK conversation marks against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('MARK1 MARK5 MARK9 a mark set on one device shows on the other at once and after a new login; the filter finds it', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    const amy2 = await loggedIn(server, a);
    await sendText(amy, b, 'hello');
    const id = `C2C${b}`;
    await amy2.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => l.some((c) => c.conversationID === id));

    const starred = await amy.chat.markConversation({ conversationIDList: [id], markType: STAR, enableMark: true });
    expect(starred).toEqual({ code: 0, data: { successConversationIDList: [id], failureConversationIDList: [] } });
    await amy.chat.markConversation({ conversationIDList: [id], markType: UNREAD, enableMark: true });
    expect(marksOf((await amy.chat.getConversationList()).data.conversationList, id)).toEqual([STAR, UNREAD]);
    await amy2.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => same(marksOf(l, id), [STAR, UNREAD]));

    const later = await loggedIn(server, a);
    expect(marksOf((await later.chat.getConversationList()).data.conversationList, id)).toEqual([STAR, UNREAD]);
    const filtered = (await later.chat.getConversationList({ markType: STAR })).data.conversationList;
    expect(filtered.map((c) => c.conversationID)).toEqual([id]);
    expect(
      (await later.chat.getConversationList({ markType: TYPES.CONV_MARK_TYPE_FOLD })).data.conversationList,
    ).toEqual([]);
    // Marks are mine: the peer never sees them.
    const bob = await loggedIn(server, b);
    expect(marksOf((await bob.chat.getConversationList()).data.conversationList, `C2C${a}`)).toEqual([]);

    await amy2.chat.markConversation({ conversationIDList: [id], markType: STAR, enableMark: false });
    for (const tab of [amy, later])
      await tab.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => same(marksOf(l, id), [UNREAD]));
  });

  it('MARK7 reading clears the unread mark on every device, with nothing unread, and keeps the star', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    const amy2 = await loggedIn(server, a);
    await sendText(amy, b, 'hello');
    const id = `C2C${b}`;
    await amy.chat.markConversation({ conversationIDList: [id], markType: STAR, enableMark: true });
    await amy.chat.markConversation({ conversationIDList: [id], markType: UNREAD, enableMark: true });
    await amy2.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => same(marksOf(l, id), [STAR, UNREAD]));
    expect(
      (await amy2.chat.getConversationList()).data.conversationList.find((c) => c.conversationID === id),
    ).toMatchObject({ unreadCount: 0 });

    await amy2.chat.setMessageRead({ conversationID: id });
    expect(marksOf((await amy2.chat.getConversationList()).data.conversationList, id)).toEqual([STAR]);
    await amy.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => same(marksOf(l, id), [STAR]));
    const fresh = await loggedIn(server, a);
    expect(marksOf((await fresh.chat.getConversationList()).data.conversationList, id)).toEqual([STAR]);
  });

  it('MARK3 custom marks up to 2^63 stay exact; anything not one bit of 64 is refused before a request', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    await sendText(amy, b, 'hello');
    const id = `C2C${b}`;
    for (const markType of [2 ** 63, 2 ** 40, 2 ** 53])
      await amy.chat.markConversation({ conversationIDList: [id], markType, enableMark: true });
    const fresh = await loggedIn(server, a);
    const marks = marksOf((await fresh.chat.getConversationList()).data.conversationList, id);
    expect(marks).toEqual([2 ** 40, 2 ** 53, 2 ** 63]);
    expect((await fresh.chat.getConversationList({ markType: 2 ** 63 })).data.conversationList).toHaveLength(1);

    for (const markType of [0, 3, -1, 1.5, 2 ** 64, Number.NaN, '1' as unknown as number])
      expect(
        () => amy.chat.markConversation({ conversationIDList: [id], markType, enableMark: true }),
        String(markType),
      ).toThrow('Params validate failed.');
    expect(() =>
      amy.chat.markConversation({ conversationIDList: Array(101).fill(id), markType: STAR, enableMark: true }),
    ).toThrow('Params validate failed.');
    expect(() => amy.chat.markConversation({ conversationIDList: [], markType: STAR, enableMark: true })).toThrow(
      'Params validate failed.',
    );
    expect(() =>
      amy.chat.markConversation({ conversationIDList: [id], markType: STAR, enableMark: 1 as unknown as boolean }),
    ).toThrow('Params validate failed.');
  });

  it('MARK2 MARK3 MARK6 the server checks what a client that does not check sends (IN2, IN3)', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const sig = await server.userSig(a);
    const post = (payload: unknown) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/conversations/marks',
        headers: { authorization: `Bearer ${sig}` },
        payload: payload as Record<string, unknown>,
      });
    const id = `C2C${b}`;
    for (const body of [
      { conversationIDList: [id], markBit: 64, enableMark: true },
      { conversationIDList: [id], markBit: -1, enableMark: true },
      { conversationIDList: [id], markBit: 1.5, enableMark: true },
      { conversationIDList: [id], markType: 2, enableMark: true },
      { conversationIDList: Array(101).fill(id), markBit: 0, enableMark: true },
      { conversationIDList: [], markBit: 0, enableMark: true },
      { conversationIDList: ['C2C bad id'], markBit: 0, enableMark: true },
      { conversationIDList: [`C2C${b}\u0000`], markBit: 0, enableMark: true },
    ]) {
      const res = await post(body);
      expect([res.statusCode, res.json().code], JSON.stringify(body).slice(0, 80)).toEqual([400, 60003]);
    }
    const res = await post({ conversationIDList: [id], markBit: 63, enableMark: true });
    expect(res.json()).toEqual({ successConversationIDList: [id], failureConversationIDList: [] });
    // MARK6: setting a mark that is set writes nothing: my list's sync version stays.
    const version = async () =>
      (await server.app.inject({ url: '/api/v1/conversations', headers: { authorization: `Bearer ${sig}` } })).json()
        .syncVersion as number;
    const before = await version();
    expect((await post({ conversationIDList: [id], markBit: 63, enableMark: true })).statusCode).toBe(200);
    expect(await version()).toBe(before);
    await post({ conversationIDList: [id], markBit: 63, enableMark: false });
    expect(await version()).toBeGreaterThan(before);
  });

  it('MARK4 MARK8 each conversation answers alone: a group I am not in, the system one and a bad ID fail; deleting drops the marks', async () => {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'carl');
    const [amy, carl] = await Promise.all([loggedIn(server, a), loggedIn(server, c)]);
    const { data } = await amy.chat.createGroup({ name: 'Team', type: TYPES.GRP_WORK, memberList: [{ userID: b }] });
    const gid = `GROUP${data.group.groupID}`;
    await amy.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => l.some((x) => x.conversationID === gid));
    const peer = `C2C${b}`;
    const res = await carl.chat.markConversation({
      conversationIDList: [gid, TYPES.CONV_SYSTEM, 'C2Cno such', peer, `C2C${'ghost'}`],
      markType: STAR,
      enableMark: true,
    });
    expect(res.data.successConversationIDList).toEqual([peer]);
    expect(res.data.failureConversationIDList.map((f) => [f.conversationID, f.code]).sort()).toEqual(
      [
        [gid, 10007],
        [TYPES.CONV_SYSTEM, 60003],
        ['C2Cghost', 20003],
        ['C2Cno such', 2503],
      ].sort(),
    );
    // A mark to a peer never messaged creates the conversation, as a pin does.
    await carl.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => same(marksOf(l, peer), [STAR]));

    await amy.chat.markConversation({ conversationIDList: [gid], markType: STAR, enableMark: true });
    expect(marksOf((await amy.chat.getConversationList()).data.conversationList, gid)).toEqual([STAR]);
    await carl.chat.deleteConversation(peer);
    await sendText(carl, b, 'back again');
    const fresh = await loggedIn(server, c);
    expect(marksOf((await fresh.chat.getConversationList()).data.conversationList, peer)).toEqual([]);
  });
});
