import { describe, expect, it } from 'vitest';
import { loggedIn, sendText } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

/** Decision 0055 through the SDK: reportMessage against the real server. */
describe.each(BACKENDS)('SDK message reports against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('RPT1 RPT4 RPT19 reportMessage reports a received message once; my own message and a bad reason are refused', async () => {
    const [amy = '', bob = ''] = await makeUsers(server, 'amy', 'bob');
    const a = await loggedIn(server, amy);
    const b = await loggedIn(server, bob);
    const sent = await sendText(a, bob, 'buy cheap pills');
    const received = (await b.chat.getMessageList({ conversationID: `C2C${amy}` })).data.messageList.find(
      (m) => m.ID === sent.ID,
    );
    if (!received) throw new Error('not received');
    const first = await b.chat.reportMessage(received, { reason: 'spam', note: 'again and again' });
    expect(first.code).toBe(0);
    expect(first.data.reportID).toBeGreaterThan(0);
    const again = await b.chat.reportMessage(received, { reason: 'other' });
    expect(again.data.reportID).toBe(first.data.reportID);
    await expect(a.chat.reportMessage(sent, { reason: 'spam' })).rejects.toMatchObject({ code: 60003 });
    await expect(b.chat.reportMessage(received, { reason: 'boring' as 'spam' })).rejects.toMatchObject({
      code: 2903,
    });
  });
});
