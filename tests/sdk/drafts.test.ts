import TencentCloudChat, { type Conversation } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, sendText } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;
const draftOf = (list: Conversation[], id: string) => list.find((c) => c.conversationID === id)?.draftText;

/** Decision 0041: drafts kept on the server, per user and conversation. */
describe.each(BACKENDS)('SDK conversation drafts against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('DRF1 DRF3 a draft set on one device shows on the other at once and after a new login; "" clears it', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    const amy2 = await loggedIn(server, a);
    await sendText(amy, b, 'hello');
    const id = `C2C${b}`;
    await amy2.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => l.some((c) => c.conversationID === id));

    const res = await amy.chat.setConversationDraft({ conversationID: id, draftText: 'half a thought' });
    expect(res.code).toBe(0);
    expect(res.data.conversation).toMatchObject({ conversationID: id, draftText: 'half a thought' });
    expect(draftOf((await amy.chat.getConversationList()).data.conversationList, id)).toBe('half a thought');
    await amy2.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => draftOf(l, id) === 'half a thought');

    const later = await loggedIn(server, a);
    expect(draftOf((await later.chat.getConversationList()).data.conversationList, id)).toBe('half a thought');
    // The peer never sees my draft.
    const bob = await loggedIn(server, b);
    expect(draftOf((await bob.chat.getConversationList()).data.conversationList, `C2C${a}`)).toBe('');

    await amy2.chat.setConversationDraft({ conversationID: id, draftText: '' });
    for (const tab of [amy, later])
      await tab.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => draftOf(l, id) === '');
  });

  it('DRF7 a message sent from any device clears the draft everywhere', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    const amy2 = await loggedIn(server, a);
    const id = `C2C${b}`;
    // A draft to a peer never messaged creates the conversation, as TIM shows a drafted one (DRF4).
    await amy.chat.setConversationDraft({ conversationID: id, draftText: 'see you at' });
    await amy2.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => draftOf(l, id) === 'see you at');
    await sendText(amy2, b, 'see you at nine');
    for (const tab of [amy, amy2])
      await tab.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => draftOf(l, id) === '');
    const fresh = await loggedIn(server, a);
    expect(draftOf((await fresh.chat.getConversationList()).data.conversationList, id)).toBe('');
  });

  it('DRF4 a group draft needs membership; the system conversation and bad parameters are refused', async () => {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'carl');
    const [amy, carl] = await Promise.all([loggedIn(server, a), loggedIn(server, c)]);
    const { data } = await amy.chat.createGroup({ name: 'Team', type: TYPES.GRP_WORK, memberList: [{ userID: b }] });
    const gid = `GROUP${data.group.groupID}`;
    await amy.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => l.some((x) => x.conversationID === gid));
    await expect(amy.chat.setConversationDraft({ conversationID: gid, draftText: 'agenda' })).resolves.toMatchObject({
      data: { conversation: { draftText: 'agenda' } },
    });
    await expect(carl.chat.setConversationDraft({ conversationID: gid, draftText: 'x' })).rejects.toMatchObject({
      code: 10007,
    });
    await expect(
      amy.chat.setConversationDraft({ conversationID: TYPES.CONV_SYSTEM, draftText: 'x' }),
    ).rejects.toMatchObject({ code: 60003 });
    expect(() => amy.chat.setConversationDraft({ conversationID: gid, draftText: 'x'.repeat(8_193) })).toThrow(
      'Params validate failed.',
    );
    expect(() => amy.chat.setConversationDraft({ conversationID: gid, draftText: 3 as unknown as string })).toThrow(
      'Params validate failed.',
    );
  });
});
