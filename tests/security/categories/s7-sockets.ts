/** S7's socket cap check, on one site or on two nodes of one deployment (LIM3, SHR6). */
import { waitUntil } from '../../reliability/lib/wait.ts';
import { S7_LIMITS, type Site } from '../lib/servers.ts';
import type { User } from '../lib/site-api.ts';
import type { Tally } from '../lib/tally.ts';
import { openSocket, type PushClient } from '../lib/ws.ts';

/**
 * Opens the cap plus 6 sockets for one user, spread over `sites` in turn (one site, or two nodes of one deployment,
 * SHR6) and over five local addresses from `firstAddress`, and checks that no more than the cap stay open.
 */
export async function socketsPerUser(
  t: Tally,
  sites: readonly Site[],
  user: User,
  o: { firstAddress: number; key: string; where: string },
): Promise<void> {
  const opened: PushClient[] = [];
  const attempts = S7_LIMITS.socketsPerUser + 6;
  for (let i = 0; i < attempts; i += 1) {
    const site = sites[i % sites.length] as Site;
    const r = await openSocket(site, { userSig: user.userSig, localAddress: `127.0.0.${o.firstAddress + (i % 5)}` });
    if (r.socket) opened.push(r.socket);
  }
  t.tried(attempts);
  const open = () => opened.filter((s) => s.open).length;
  // A bound for a hung run only: the refused sockets are closed as soon as the server has counted them.
  await waitUntil(() => open() <= S7_LIMITS.socketsPerUser, { timeoutMs: 30_000, what: `the socket cap${o.where}` });
  t.set(o.key, open());
  t.check(
    open() <= S7_LIMITS.socketsPerUser,
    'wronglyAllowed',
    `${open()} sockets open for one user${o.where} (cap ${S7_LIMITS.socketsPerUser})`,
  );
  for (const s of opened) s.close();
}
