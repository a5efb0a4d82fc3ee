import TencentCloudChat, { type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, type TestClient } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;

interface PinEvent {
  groupID: string;
  message: Message;
  isPinned: boolean;
  operatorInfo: { userID: string; nick: string; avatar: string };
}

/** Decision 0041: pinned group messages (reference §3.3). */
describe.each(BACKENDS)('SDK pinned group messages against the real server [%s]', (backend) => {
  const server = useServer(backend);

  /** amy owns a group with bob (admin) and carl (member); amy has said `n` things in it. */
  async function team(
    n: number,
  ): Promise<{ amy: TestClient; bob: TestClient; carl: TestClient; groupID: string; said: Message[] }> {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'carl');
    const [amy, bob, carl] = await Promise.all([loggedIn(server, a), loggedIn(server, b), loggedIn(server, c)]);
    const { data } = await amy.chat.createGroup({
      name: 'Team',
      type: TYPES.GRP_PUBLIC,
      memberList: [{ userID: b }, { userID: c }],
    });
    const groupID = data.group.groupID;
    await amy.chat.setGroupMemberRole({ groupID, userID: b, role: TYPES.GRP_MBR_ROLE_ADMIN });
    const said: Message[] = [];
    for (let i = 1; i <= n; i++) {
      const m = amy.chat.createTextMessage({
        to: groupID,
        conversationType: TYPES.CONV_GROUP,
        payload: { text: `note ${i}` },
      });
      said.push((await amy.chat.sendMessage(m)).data.message);
    }
    return { amy, bob, carl, groupID, said };
  }

  it('PIN2 PIN4 PIN7 the owner and admins pin and unpin; every member hears it and reads the list', async () => {
    const { amy, bob, carl, groupID, said } = await team(2);
    const [first, second] = said as [Message, Message];
    const from = carl.mark();
    await expect(amy.chat.pinGroupMessage({ groupID, message: first, isPinned: true })).resolves.toEqual({
      code: 0,
      data: {},
    });
    const heard = await carl.waitFor<PinEvent>(EVENT.PINNED_GROUP_MESSAGE_UPDATED, (e) => e.isPinned, { from });
    expect(heard).toMatchObject({
      groupID,
      isPinned: true,
      message: { ID: first.ID, payload: { text: 'note 1' } },
      operatorInfo: { userID: amy.userID, nick: `${amy.userID}-nick` },
    });
    await bob.chat.pinGroupMessage({ groupID, message: second, isPinned: true });
    const list = (await carl.chat.getPinnedGroupMessageList(groupID)).data.messageList;
    expect(list.map((m) => [m.ID, m.payload.text, m.pinnerInfo.userID])).toEqual([
      [first.ID, 'note 1', amy.userID],
      [second.ID, 'note 2', bob.userID],
    ]);

    const before = amy.mark();
    await bob.chat.pinGroupMessage({ groupID, message: first, isPinned: false });
    await amy.waitFor<PinEvent>(EVENT.PINNED_GROUP_MESSAGE_UPDATED, (e) => !e.isPinned && e.message.ID === first.ID, {
      from: before,
    });
    expect((await amy.chat.getPinnedGroupMessageList(groupID)).data.messageList.map((m) => m.ID)).toEqual([second.ID]);
  });

  it('PIN2 PIN7 a member may not pin (10007); a non-member neither pins nor reads the list', async () => {
    const { carl, groupID, said } = await team(1);
    const [x = ''] = await makeUsers(server, 'xena');
    const xena = await loggedIn(server, x);
    const message = said[0] as Message;
    await expect(carl.chat.pinGroupMessage({ groupID, message, isPinned: true })).rejects.toMatchObject({
      code: 10007,
    });
    await expect(xena.chat.pinGroupMessage({ groupID, message, isPinned: true })).rejects.toMatchObject({
      code: 10007,
    });
    await expect(xena.chat.getPinnedGroupMessageList(groupID)).rejects.toMatchObject({ code: 10007 });
    expect((await carl.chat.getPinnedGroupMessageList(groupID)).data.messageList).toEqual([]);
  });

  it('PIN3 PIN5 at most 10 pins per group; pinning twice changes nothing; an unknown message is 20026', async () => {
    const { amy, groupID, said } = await team(11);
    // Pins are group writes (5/s): the clock moves on so the rate limit is not what refuses.
    const pin = async (message: Pick<Message, 'ID'>, isPinned: boolean) => {
      server.advanceClock(1_000);
      return amy.chat.pinGroupMessage({ groupID, message, isPinned });
    };
    for (const m of said.slice(0, 10)) await pin(m, true);
    await pin(said[0] as Message, true);
    await expect(pin(said[10] as Message, true)).rejects.toMatchObject({ code: 10004 });
    expect((await amy.chat.getPinnedGroupMessageList(groupID)).data.messageList).toHaveLength(10);
    await pin(said[0] as Message, false);
    await pin(said[10] as Message, true);
    await expect(pin({ ID: 'no-such-message' }, true)).rejects.toMatchObject({ code: 20026 });
  });
});
