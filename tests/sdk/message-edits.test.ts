import TencentCloudChat, { type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, type TestClient } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;
const has = (id: string) => (list: Message[]) => list.some((m) => m.ID === id);

describe.each(BACKENDS)('SDK edited messages against the real server [%s]', (backend) => {
  const server = useServer(backend);

  async function users(...names: string[]): Promise<TestClient[]> {
    const ids = await makeUsers(server, ...names);
    return Promise.all(ids.map((id) => loggedIn(server, id)));
  }

  it('EDIT10 EDIT11 the peer sees the new text and editTime; the sender lists the earlier ones, the peer may not', async () => {
    const [amy, bob] = (await users('amy', 'bob')) as [TestClient, TestClient];
    const mine = amy.chat.createTextMessage({
      to: bob.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { text: 'one' },
    });
    await amy.chat.sendMessage(mine);
    const [theirs] = (await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, has(mine.ID))).filter(
      (m) => m.ID === mine.ID,
    );
    expect(theirs?.editTime).toBe(0);
    mine.payload = { text: 'two' };
    const res = await amy.chat.modifyMessage(mine);
    expect(res.data.message.editTime).toBeGreaterThan(0);
    const [changed] = await bob.waitFor<Message[]>(EVENT.MESSAGE_MODIFIED, has(mine.ID));
    expect(changed).toMatchObject({ payload: { text: 'two' }, editTime: res.data.message.editTime });
    const history = await amy.chat.getMessageEditHistory(mine);
    expect(history.code).toBe(0);
    expect(history.data.versionList.map((v) => v.payload)).toEqual([{ text: 'one' }]);
    await expect(bob.chat.getMessageEditHistory(changed as Message)).rejects.toMatchObject({ code: 60044 });
    await expect(amy.chat.getMessageEditHistory({ ID: '', conversationID: '' } as Message)).rejects.toMatchObject({
      code: expect.any(Number),
    });
  });

  it('EDIT2 after the window the sender gets 60043 and the text stays', async () => {
    const [amy, bob] = (await users('amy', 'bob')) as [TestClient, TestClient];
    const mine = amy.chat.createTextMessage({
      to: bob.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { text: 'one' },
    });
    await amy.chat.sendMessage(mine);
    server.advanceClock(86_401_000);
    mine.payload = { text: 'late' };
    await expect(amy.chat.modifyMessage(mine)).rejects.toMatchObject({ code: 60043 });
    const list = await bob.chat.getMessageList({ conversationID: `C2C${amy.userID}` });
    expect(list.data.messageList[0]).toMatchObject({ payload: { text: 'one' }, editTime: 0 });
  });
});
