import type { Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, sendText, texts } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

/** getMessageListHopping against the real server (SRCH41–SRCH44). */
describe.each(BACKENDS)('SDK getMessageListHopping against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('SRCH41 SRCH43 SRCH44 a group: from a sequence, older or newer, that message included, oldest first', async () => {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'cat');
    const [amy, bob, cat] = await Promise.all([loggedIn(server, a), loggedIn(server, b), loggedIn(server, c)]);
    const { data } = await amy.chat.createGroup({ name: 'hop', type: 'Public', memberList: [{ userID: b }] });
    const conversationID = `GROUP${data.group.groupID}`;
    const sent: Message[] = [];
    for (let i = 1; i <= 12; i += 1) {
      const message = amy.chat.createTextMessage({
        to: data.group.groupID,
        conversationType: 'GROUP',
        payload: { text: `g-${i}` },
      });
      sent.push((await amy.chat.sendMessage(message)).data.message);
    }
    const at = (i: number) => (sent[i - 1] as Message).sequence;

    const older = await bob.chat.getMessageListHopping({ conversationID, sequence: at(8), count: 3 });
    expect(texts(older.data.messageList)).toEqual(['g-6', 'g-7', 'g-8']);
    expect(older.data).toMatchObject({ isCompleted: false, nextMessageSeq: at(6) - 1 });
    expect(older.data).not.toHaveProperty('nextMessageTime');
    const newer = await bob.chat.getMessageListHopping({ conversationID, sequence: at(8), direction: 1, count: 3 });
    expect(texts(newer.data.messageList)).toEqual(['g-8', 'g-9', 'g-10']);
    expect(newer.data).toMatchObject({ isCompleted: false, nextMessageSeq: at(11) });
    // The newest page ends the walk: nothing beyond, so completed even when the page is exactly full.
    const last = await bob.chat.getMessageListHopping({ conversationID, sequence: at(11), direction: 1, count: 2 });
    expect(texts(last.data.messageList)).toEqual(['g-11', 'g-12']);
    expect(last.data).toMatchObject({ isCompleted: true, nextMessageSeq: 0 });
    expect(last.data.messageList[0]).toMatchObject({ conversationID, flow: 'in', status: 'success' });

    // Not a member: nothing, as history answers a non-member.
    const outsider = await cat.chat.getMessageListHopping({ conversationID, sequence: at(8), count: 3 });
    expect(outsider.data).toMatchObject({ messageList: [], isCompleted: true });
  });

  it('SRCH42 one-to-one: from a time or a sequence; exactly one of them', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    const sent: Message[] = [];
    for (let i = 1; i <= 6; i += 1) sent.push(await sendText(amy, b, `c-${i}`));
    const conversationID = `C2C${a}`;
    const future = (sent[5] as Message).time + 3600;

    const newest = await bob.chat.getMessageListHopping({ conversationID, time: future, count: 2 });
    expect(texts(newest.data.messageList)).toEqual(['c-5', 'c-6']);
    expect(newest.data).toMatchObject({ isCompleted: false, nextMessageSeq: (sent[4] as Message).sequence - 1 });
    expect(newest.data.nextMessageTime).toBe((sent[4] as Message).time);
    const oldest = await bob.chat.getMessageListHopping({ conversationID, time: 0, direction: 1, count: 4 });
    expect(texts(oldest.data.messageList)).toEqual(['c-1', 'c-2', 'c-3', 'c-4']);
    const on = await bob.chat.getMessageListHopping({
      conversationID,
      sequence: oldest.data.nextMessageSeq ?? 0,
      direction: 1,
      count: 4,
    });
    expect(texts(on.data.messageList)).toEqual(['c-5', 'c-6']);
    expect(on.data).toMatchObject({ isCompleted: true, nextMessageTime: 0 });

    expect(() => bob.chat.getMessageListHopping({ conversationID, sequence: 1, time: 1 })).toThrow(
      'Params validate failed.',
    );
    expect(() => bob.chat.getMessageListHopping({ conversationID })).toThrow('Params validate failed.');
  });
});
