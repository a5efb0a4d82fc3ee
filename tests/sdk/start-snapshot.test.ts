import TencentCloudChat, { type FetchLike, type StartSnapshot } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { newClient, sendText } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT } = TencentCloudChat;

describe.each(BACKENDS)('SDK start snapshot against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('SDK9 messages stored after the snapshot, before and after the hello, arrive exactly once, in order', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = newClient(server);
    await amy.chat.login({ userID: a, userSig: await server.userSig(a) });
    await amy.waitFor(EVENT.SDK_READY);
    await sendText(amy, b, 'before the snapshot');

    // What the entry page would carry for bob: the list route's first page.
    const sig = await server.userSig(b);
    const res = await fetch(`${server.url}/api/v1/conversations?since=0`, {
      headers: { authorization: `Bearer ${sig}` },
    });
    const snapshot: StartSnapshot = { conversations: await res.json() };
    const between = await sendText(amy, b, 'after the snapshot, before the hello');

    const requests: string[] = [];
    const recording: FetchLike = (input, init) => {
      requests.push(new URL(String(input)).pathname);
      return globalThis.fetch(input, init);
    };
    const bob = newClient(server, { fetch: recording });
    let requestsAtReady: string[] = [];
    bob.chat.on(EVENT.SDK_READY, () => {
      requestsAtReady = [...requests];
    });
    await bob.chat.login({ userID: b, userSig: sig, snapshot });
    await bob.waitFor(EVENT.SDK_READY);
    // Ready from the snapshot: the list was not fetched for it (the userSig check may be on its way).
    expect(requestsAtReady.filter((p) => p.endsWith('/conversations'))).toEqual([]);
    const listed = await bob.chat.getConversationList();
    expect(listed.data.conversationList.map((c) => c.conversationID)).toEqual([`C2C${a}`]);
    const racing = await sendText(amy, b, 'right after login');

    await bob.waitFor(EVENT.MESSAGE_RECEIVED, () => bob.received().some((m) => m.ID === racing.ID));
    const after = await sendText(amy, b, 'well after the hello');
    await bob.waitFor(EVENT.MESSAGE_RECEIVED, () => bob.received().some((m) => m.ID === after.ID));
    expect(bob.received().map((m) => m.ID)).toEqual([between.ID, racing.ID, after.ID]);
    // The hello's catch-up asked for what changed since the snapshot's cursor.
    expect(requests.filter((p) => p.endsWith('/conversations')).length).toBeGreaterThan(0);
  });
});
