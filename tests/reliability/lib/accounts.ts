import { ADMIN_KEY_HEADER, ROUTES } from '@parley/protocol';
import { requestJson } from './http-json.ts';
import { ADMIN_KEY } from './parley-server.ts';

/** Creates the accounts through the admin API (straight to the server) and returns each one's userSig. */
export async function createUsers(port: number, userIDs: readonly string[]): Promise<Map<string, string>> {
  const headers = { [ADMIN_KEY_HEADER]: ADMIN_KEY };
  const sigs = new Map<string, string>();
  for (const userID of userIDs) {
    const created = await requestJson({
      port,
      method: 'POST',
      path: ROUTES.adminAccounts,
      headers,
      body: { userID },
      timeoutMs: 10_000,
    });
    if (created.status !== 201) throw new Error(`create ${userID}: ${created.status} ${JSON.stringify(created.body)}`);
    const sig = await requestJson({
      port,
      method: 'POST',
      path: ROUTES.adminUserSig,
      headers,
      body: { userID },
      timeoutMs: 10_000,
    });
    const userSig = (sig.body as { userSig?: unknown } | undefined)?.userSig;
    if (typeof userSig !== 'string') throw new Error(`usersig ${userID}: ${sig.status}`);
    sigs.set(userID, userSig);
  }
  return sigs;
}
