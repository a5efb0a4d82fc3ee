import { describe, expect, it } from 'vitest';
import { loggedIn, sendText } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

/** The SDK's cloud search against the real server (decision 0040, SRCH40). */
describe.each(BACKENDS)('SDK cloud search against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('SRCH40 searchCloudMessages finds Chinese substrings as Message objects, in one conversation or across them', async () => {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'cat');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    await sendText(amy, b, '下周一上午十点面试前端');
    await sendText(amy, b, '请带上简历');
    await sendText(bob, a, '好的，前端面试我会准时到');
    const across = await bob.chat.searchCloudMessages({ keywordList: ['面试'] });
    expect(across.code).toBe(0);
    expect(across.data.totalCount).toBe(1);
    const [result] = across.data.searchResultList;
    expect(result).toMatchObject({ conversationID: `C2C${a}`, messageCount: 2 });
    // A Message as getMessageList gives it: relative to the searcher (conversation, flow), delivered.
    expect(result?.messageList[0]).toMatchObject({
      conversationID: `C2C${a}`,
      flow: 'out',
      status: 'success',
      payload: { text: '好的，前端面试我会准时到' },
    });
    const one = await amy.chat.searchCloudMessages({ keywordList: ['前'], conversationID: `C2C${b}`, count: 1 });
    expect(one.data.totalCount).toBe(2);
    expect(one.data.searchResultList[0]?.messageList.map((m) => m.payload.text)).toEqual(['好的，前端面试我会准时到']);
    const next = await amy.chat.searchCloudMessages({
      keywordList: ['前'],
      conversationID: `C2C${b}`,
      count: 1,
      cursor: one.data.cursor,
    });
    expect(next.data.searchResultList[0]?.messageList.map((m) => m.payload.text)).toEqual(['下周一上午十点面试前端']);
    expect(next.data.cursor).toBe('');
    await expect(bob.chat.searchCloudMessages({ keywordList: ['面试'], count: 0 })).rejects.toMatchObject({
      code: 27003,
    });
    const cat = await loggedIn(server, c);
    expect((await cat.chat.searchCloudMessages({ keywordList: ['面试'] })).data.totalCount).toBe(0);
  });

  it('SRCH40 searchCloudUsers, searchCloudGroups and searchCloudGroupMembers by CJK substrings', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    await amy.chat.updateMyProfile({ nick: '王前端' });
    const users = await bob.chat.searchCloudUsers({ keywordList: ['前端'] });
    expect(users.data.searchResultList.map((u) => u.userID)).toContain(a);
    const { data } = await amy.chat.createGroup({ name: '山西前端交流', type: 'Public', memberList: [{ userID: b }] });
    const groupID = data.group.groupID;
    const groups = await bob.chat.searchCloudGroups({ keywordList: ['西前'] });
    expect(groups.data.searchResultList.map((g) => g.groupID)).toContain(groupID);
    const members = await bob.chat.searchCloudGroupMembers({ keywordList: ['王'], groupIDList: [groupID] });
    expect(members.data.searchResultList).toEqual([{ groupID, memberList: [expect.objectContaining({ userID: a })] }]);
  });
});
