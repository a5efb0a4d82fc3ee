import TencentCloudChat from '@parley/chat';
import { ADMIN_KEY_HEADER, ROUTES } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { loggedIn, sendText } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT } = TencentCloudChat;

/** Decision 0051 through the SDK: the archive link and account deletion, against the real server. */
describe.each(BACKENDS)('SDK personal data against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('PDAT6 PDAT9 PDAT11 getMyDataExportLink gives an absolute link that downloads the tar; deleteMyAccount with the password kicks every tab', async () => {
    const [peer = ''] = await makeUsers(server, 'bob');
    const userID = `zoe${Date.now().toString(36)}`;
    const created = await server.app.inject({
      method: 'POST',
      url: ROUTES.adminAccounts,
      headers: { [ADMIN_KEY_HEADER]: 'a'.repeat(32) },
      payload: { userID, password: 'zoe-password-1', profile: { nick: 'Zoe' } },
    });
    expect(created.statusCode).toBe(201);
    const zoe = await loggedIn(server, userID);
    const other = await loggedIn(server, userID);
    await sendText(zoe, peer, 'for the archive');

    const link = await zoe.chat.getMyDataExportLink();
    expect(link.code).toBe(0);
    expect(link.data.url.startsWith(`${server.url}/api/v1/account/export/`)).toBe(true);
    const tar = Buffer.from(await (await fetch(link.data.url)).arrayBuffer());
    expect(tar.includes(Buffer.from('for the archive'))).toBe(true);
    await expect(zoe.chat.getMyDataExportLink()).rejects.toMatchObject({ code: 60007 });

    await expect(zoe.chat.deleteMyAccount({ password: 'wrong' })).rejects.toMatchObject({ code: 70060 });
    const done = await zoe.chat.deleteMyAccount({ password: 'zoe-password-1' });
    expect(done).toMatchObject({ code: 0, data: { userID } });
    expect(await other.waitFor(EVENT.KICKED_OUT)).toEqual({ type: 'REST_API_Kick' });
  });
});
