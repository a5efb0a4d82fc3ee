import { LIMITS } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createGroup } from '../../apps/server/src/domain/groups/lifecycle.ts';
import { loggedIn } from './support/client.ts';
import { makeUsers, useServer } from './support/server.ts';

describe('SDK lists over paged server answers [sqlite]', () => {
  const server = useServer('sqlite');

  it('ABU24 getGroupList and getConversationList answer every group and conversation although the server pages them', async () => {
    const [amy = ''] = await makeUsers(server, 'amy');
    const total = LIMITS.listPage + 2;
    // Through the server's action, not the SDK: the point is the list, not a hundred creates.
    const ids: string[] = [];
    for (let i = 0; i < total; i += 1)
      ids.push((await createGroup(server.app.parley.domain, amy, { name: `g${i}` })).group.groupID);
    const client = await loggedIn(server, amy);
    const groups = await client.chat.getGroupList();
    expect(groups.data.isSyncCompleted).toBe(true);
    expect(groups.data.groupList.map((g) => g.groupID).sort()).toEqual([...ids].sort());
    const conversations = await client.chat.getConversationList();
    const ids2 = conversations.data.conversationList.map((c) => c.conversationID);
    // Every group's conversation and the system notices (notice 6 for each group created), once each.
    expect(new Set(ids2).size).toBe(ids2.length);
    expect(ids2.filter((id) => id.startsWith('GROUP')).sort()).toEqual(ids.map((id) => `GROUP${id}`).sort());
  });
});
