import TencentCloudChat, { type Conversation, type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, sendText, texts } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;

interface Hop {
  messageList: Message[];
  isCompleted: boolean;
  nextMessageSeq?: number;
  nextMessageTime?: number;
}

/**
 * CMP33: getMessageListHopping (reference §3), which Tencent's React UIKit calls to open history around a message
 * (a search result, a quoted or pinned message): a group pages by sequence, a one-to-one conversation by time.
 */
describe.each(BACKENDS)('SDK getMessageListHopping against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('CMP33 one-to-one: older and newer pages from a time include that second; the next time pages on', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    const sent: Message[] = [];
    for (const text of ['m1', 'm2', 'm3', 'm4', 'm5']) {
      sent.push(await sendText(amy, b, text));
      server.advanceClock(2_000);
    }
    const conversationID = `C2C${a}`;
    await bob.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) =>
      l.some((c) => c.conversationID === conversationID && c.lastMessage.messageForShow === 'm5'),
    );
    const hop = async (time: number, direction: 0 | 1, count = 2) =>
      (await bob.chat.getMessageListHopping({ conversationID, time, direction, count })).data as Hop;
    const m3 = sent[2] as Message;

    const older = await hop(m3.time, 0);
    expect(texts(older.messageList)).toEqual(['m2', 'm3']);
    expect(older).toMatchObject({ isCompleted: false, nextMessageTime: (sent[1] as Message).time });
    expect(older.nextMessageSeq).toBeUndefined();
    // The SDK's own objects, as getMessageList gives them.
    expect(older.messageList[1]?.ID).toBe(m3.ID);
    expect(older.messageList[1]?.flow).toBe('in');
    const oldest = await hop(older.nextMessageTime ?? 0, 0);
    expect(texts(oldest.messageList)).toEqual(['m1', 'm2']);
    expect(oldest.isCompleted).toBe(true);

    const newer = await hop(m3.time, 1);
    expect(texts(newer.messageList)).toEqual(['m3', 'm4']);
    expect(newer).toMatchObject({ isCompleted: false, nextMessageTime: (sent[3] as Message).time });
    const newest = await hop(newer.nextMessageTime ?? 0, 1, 5);
    expect(texts(newest.messageList)).toEqual(['m4', 'm5']);
    expect(newest.isCompleted).toBe(true);

    // Before the first message or after the last: nothing, completed.
    expect(await hop((sent[0] as Message).time - 60, 0)).toMatchObject({ messageList: [], isCompleted: true });
    expect(await hop((sent[4] as Message).time + 60, 1)).toMatchObject({ messageList: [], isCompleted: true });
    // A stranger's view of the conversation is empty, not someone else's history.
    const [c = ''] = await makeUsers(server, 'carl');
    const carl = await loggedIn(server, c);
    const theirs = await carl.chat.getMessageListHopping({ conversationID, time: m3.time });
    expect(theirs.data.messageList).toEqual([]);
  });

  it('CMP33 group: pages by sequence both ways, the anchor included; bad parameters are refused', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    const { data } = await amy.chat.createGroup({ name: 'Hops', type: TYPES.GRP_WORK, memberList: [{ userID: b }] });
    const groupID = data.group.groupID;
    const conversationID = `GROUP${groupID}`;
    const sent: Message[] = [];
    for (const text of ['g1', 'g2', 'g3', 'g4']) {
      const message = amy.chat.createTextMessage({ to: groupID, conversationType: 'GROUP', payload: { text } });
      sent.push((await amy.chat.sendMessage(message)).data.message);
    }
    const g2 = sent[1] as Message;
    await bob.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) =>
      l.some((c) => c.conversationID === conversationID && c.lastMessage.messageForShow === 'g4'),
    );
    const older = (await bob.chat.getMessageListHopping({ conversationID, sequence: g2.sequence, count: 5 }))
      .data as Hop;
    expect(texts(older.messageList).filter((t) => t.startsWith('g'))).toEqual(['g1', 'g2']);
    expect(older.messageList.at(-1)?.ID).toBe(g2.ID);
    expect(older.isCompleted).toBe(true);
    expect(older.nextMessageTime).toBeUndefined();
    const newer = (
      await bob.chat.getMessageListHopping({ conversationID, sequence: g2.sequence, direction: 1, count: 2 })
    ).data as Hop;
    expect(texts(newer.messageList)).toEqual(['g2', 'g3']);
    expect(newer).toMatchObject({ isCompleted: false, nextMessageSeq: (sent[2] as Message).sequence + 1 });
    const rest = (
      await bob.chat.getMessageListHopping({ conversationID, sequence: newer.nextMessageSeq ?? 0, direction: 1 })
    ).data as Hop;
    expect(texts(rest.messageList)).toEqual(['g4']);
    expect(rest.isCompleted).toBe(true);

    expect(() => bob.chat.getMessageListHopping({ conversationID, direction: 2 as 0 })).toThrow(
      'Params validate failed.',
    );
    expect(() => bob.chat.getMessageListHopping({ conversationID, sequence: -1 })).toThrow('Params validate failed.');
    expect(() => bob.chat.getMessageListHopping({ conversationID: '' })).toThrow('Params validate failed.');
    await expect(bob.chat.getMessageListHopping({ conversationID: 'XYZ1' })).rejects.toMatchObject({ code: 2503 });
  });
});
