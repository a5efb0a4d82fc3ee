import TencentCloudChat, { type Conversation } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, sendText } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT } = TencentCloudChat;
const groupsOf = (list: Conversation[], id: string) => list.find((c) => c.conversationID === id)?.conversationGroupList;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Decision 0049: conversation groups and custom data kept on the server, per user, for every device. */
describe.each(BACKENDS)('SDK conversation groups against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('CGRP1 CGRP9 CGRP11 a group made on the laptop shows on the phone at once, with its conversations, and after a new login', async () => {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'cat');
    const laptop = await loggedIn(server, a);
    const phone = await loggedIn(server, a);
    await sendText(laptop, b, 'hello');
    await sendText(laptop, c, 'hello');
    const bob = `C2C${b}`;
    const cat = `C2C${c}`;
    await phone.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) =>
      l.some((x) => x.conversationID === cat),
    );
    expect((await phone.chat.getConversationGroupList()).data).toEqual([]);

    const made = await laptop.chat.createConversationGroup({ groupName: 'Candidates', conversationIDList: [bob] });
    expect(made).toEqual({ code: 0, data: { successConversationIDList: [bob], failureConversationIDList: [] } });
    // Right after the answer, this device's list has it (no wait for the push).
    expect(groupsOf((await laptop.chat.getConversationList()).data.conversationList, bob)).toEqual(['Candidates']);
    expect(
      (await laptop.chat.getConversationList({ groupName: 'Candidates' })).data.conversationList.map(
        (x) => x.conversationID,
      ),
    ).toEqual([bob]);
    await phone.waitFor<string[]>(EVENT.CONVERSATION_GROUP_LIST_UPDATED, (l) => same(l, ['Candidates']));
    await phone.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => same(groupsOf(l, bob), ['Candidates']));
    await phone.waitFor<{ groupName: string; conversationList: Conversation[] }>(
      EVENT.CONVERSATION_IN_GROUP_UPDATED,
      (e) =>
        e.groupName === 'Candidates' &&
        same(
          e.conversationList.map((x) => x.conversationID),
          [bob],
        ),
    );

    await phone.chat.addConversationsToGroup({ groupName: 'Candidates', conversationIDList: [cat] });
    await laptop.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) =>
      same(groupsOf(l, cat), ['Candidates']),
    );
    await laptop.chat.renameConversationGroup({ oldName: 'Candidates', newName: 'Colleagues' });
    expect((await laptop.chat.getConversationGroupList()).data).toEqual(['Colleagues']);
    await phone.waitFor<string[]>(EVENT.CONVERSATION_GROUP_LIST_UPDATED, (l) => same(l, ['Colleagues']));
    await phone.waitFor<Conversation[]>(
      EVENT.CONVERSATION_LIST_UPDATED,
      (l) => same(groupsOf(l, bob), ['Colleagues']) && same(groupsOf(l, cat), ['Colleagues']),
    );

    const later = await loggedIn(server, a);
    expect((await later.chat.getConversationGroupList()).data).toEqual(['Colleagues']);
    const list = (await later.chat.getConversationList({ groupName: 'Colleagues' })).data.conversationList;
    expect(list.map((x) => x.conversationID).sort()).toEqual([bob, cat].sort());

    await phone.chat.deleteConversationsFromGroup({ groupName: 'Colleagues', conversationIDList: [bob] });
    await laptop.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => same(groupsOf(l, bob), []));
    await laptop.chat.deleteConversationGroup('Colleagues');
    await phone.waitFor<string[]>(EVENT.CONVERSATION_GROUP_LIST_UPDATED, (l) => same(l, []));
    await phone.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => same(groupsOf(l, cat), []));
  });

  it('CGRP14 CGRP15 custom data set on one device shows on the other; the peer never sees it', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const laptop = await loggedIn(server, a);
    const phone = await loggedIn(server, a);
    await sendText(laptop, b, 'hello');
    const id = `C2C${b}`;
    const answer = await laptop.chat.setConversationCustomData({
      conversationIDList: [id, 'nonsense'],
      customData: 'stage=interview',
    });
    expect(answer.data.successConversationIDList).toEqual([id]);
    expect(answer.data.failureConversationIDList).toMatchObject([{ conversationID: 'nonsense', code: 2503 }]);
    expect((await laptop.chat.getConversationProfile(id)).data.conversation.customData).toBe('stage=interview');
    await phone.waitFor<Conversation[]>(
      EVENT.CONVERSATION_LIST_UPDATED,
      (l) => l.find((x) => x.conversationID === id)?.customData === 'stage=interview',
    );
    const bob = await loggedIn(server, b);
    const mine = (await bob.chat.getConversationList()).data.conversationList.find(
      (x) => x.conversationID === `C2C${a}`,
    );
    expect(mine?.customData).toBe('');
  });

  it('CGRP2 CGRP3 bad parameters throw before any request, as TIM; a missing group is 51009', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    const id = `C2C${b}`;
    const bad = [
      () => amy.chat.createConversationGroup({ groupName: '字'.repeat(11), conversationIDList: [id] }),
      () => amy.chat.createConversationGroup({ groupName: '', conversationIDList: [id] }),
      () => amy.chat.addConversationsToGroup({ groupName: 'x', conversationIDList: [] }),
      () => amy.chat.addConversationsToGroup({ groupName: 'x', conversationIDList: Array(101).fill(id) }),
      () => amy.chat.setConversationCustomData({ conversationIDList: [id], customData: 'x'.repeat(257) }),
      () => amy.chat.renameConversationGroup({ oldName: 'x', newName: '' }),
      () => amy.chat.deleteConversationGroup(undefined as unknown as string),
    ];
    for (const call of bad) expect(call).toThrow('Params validate failed.');
    await expect(
      amy.chat.addConversationsToGroup({ groupName: 'none', conversationIDList: [id] }),
    ).rejects.toMatchObject({ code: 51009 });
  });
});
