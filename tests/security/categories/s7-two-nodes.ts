/**
 * S7 on two nodes (decision 0045, SHR1, SHR6): a user's sockets and budgets are counted once for the deployment, not
 * once per node. Sockets are opened and requests sent alternately through node A and node B.
 */
import { DEFAULT_USER_RATES } from '../../../apps/server/src/domain/limits/user-limits.ts';
import { ROUTES } from '@parley/protocol';
import { type RawResponse, judge, send } from '../lib/http.ts';
import type { Servers, Site } from '../lib/servers.ts';
import { bearer, createUser } from '../lib/site-api.ts';
import type { Tally } from '../lib/tally.ts';
import { socketsPerUser } from './s7-sockets.ts';

/**
 * `n` calls alternately through both nodes, 20 at a time. A token bucket lets at most its burst plus the rate times
 * the time taken through; counted per node it would let twice that (the bug SHR1 rules out).
 */
async function budgetOnTwoNodes(
  t: Tally,
  what: string,
  ratePerSecond: number,
  n: number,
  call: (site: Site, i: number) => Promise<RawResponse>,
  nodes: [Site, Site],
): Promise<void> {
  const started = performance.now();
  const answers: RawResponse[] = [];
  for (let i = 0; i < n; i += 20) {
    const batch = Array.from({ length: Math.min(20, n - i) }, (_, j) => call(nodes[(i + j) % 2] as Site, i + j));
    answers.push(...(await Promise.all(batch)));
  }
  const seconds = (performance.now() - started) / 1000;
  for (const a of answers) judge(t, what, a);
  const accepted = answers.filter((a) => a.status === 200).length;
  const bound = 2 * ratePerSecond + Math.ceil(ratePerSecond * seconds);
  t.set(`twoNodes${what}Accepted`, `${accepted}/${n} (bound ${bound} in ${seconds.toFixed(2)} s)`);
  t.check(
    accepted <= bound,
    'wronglyAllowed',
    `${what} on two nodes: ${accepted} accepted, one budget allows ${bound}`,
  );
  t.check(accepted > 0, 'wronglyDenied', `${what} on two nodes: none accepted`);
}

export async function twoNodeLimits(t: Tally, servers: Servers, short: boolean): Promise<void> {
  const nodes = await servers.pair();
  if (!nodes) {
    t.r.skipped = `two nodes: ${servers.pairSkipped}`;
    return;
  }
  const [user, peer] = await Promise.all(['s7pair', 's7pairpeer'].map((id) => createUser(nodes[0], id)));
  if (!user || !peer) throw new Error('S7 two-node users');
  await socketsPerUser(t, nodes, user, {
    firstAddress: 20,
    key: 'twoNodesSocketsOpen',
    where: ' on two nodes, one cap for both',
  });
  const n = short ? 150 : 400;
  const message = (site: Site, i: number) =>
    send({
      port: site.port,
      method: 'POST',
      path: '/api/v1/messages',
      headers: bearer(user.userSig),
      body: {
        ID: `s7p-${i}`,
        conversationType: 'C2C',
        to: peer.userID,
        type: 'TIMTextElem',
        payload: { text: `${i}` },
      },
    });
  await budgetOnTwoNodes(t, 'Sends', DEFAULT_USER_RATES.send, n, message, nodes);
  const edit = (site: Site, i: number) =>
    send({
      port: site.port,
      method: 'PATCH',
      path: ROUTES.myProfile,
      headers: bearer(user.userSig),
      body: { nick: `p${i}` },
    });
  await budgetOnTwoNodes(t, 'ProfileEdits', DEFAULT_USER_RATES.profileEdit, n, edit, nodes);
}
