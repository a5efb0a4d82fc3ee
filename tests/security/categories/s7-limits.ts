import net from 'node:net';
import { ROUTES } from '@parley/protocol';
import { waitUntil } from '../../reliability/lib/wait.ts';
import { judge, type RawResponse, send } from '../lib/http.ts';
import { S7_LIMITS, type Servers, type Site } from '../lib/servers.ts';
import { bearer, createUser, history, type User } from '../lib/site-api.ts';
import { checkAlive } from '../lib/http.ts';
import { Tally } from '../lib/tally.ts';
import { earlyAnswerFlood } from './s7-early-answer.ts';
import { socketsPerUser } from './s7-sockets.ts';
import { twoNodeLimits } from './s7-two-nodes.ts';

/** TODO(integrate): the codes a per-user rate limit may answer with (60007 RATE_LIMITED or a TIM code). */
const RATE_LIMIT_CODES = [60007, 20009, 80003];

interface Slow {
  socket: net.Socket;
  closed: boolean;
}

/** Sends headers promising a body, one byte of it, and nothing more (decision 0008's slow-body attack). */
function slowBody(site: Site, localAddress: string): Slow {
  const socket = net.connect({ host: '127.0.0.1', port: site.port, localAddress });
  const slow: Slow = { socket, closed: false };
  socket.on('error', () => undefined);
  // Read (and drop) the answer: a paused socket never sees the server's FIN, so it would look held forever.
  socket.resume();
  socket.on('close', () => {
    slow.closed = true;
  });
  socket.on('connect', () => {
    socket.write(
      `POST ${ROUTES.login} HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
  });
  return slow;
}

async function slowBodyFlood(t: Tally, site: Site, perAddress: number): Promise<void> {
  const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
  const flood = addresses.flatMap((a) => Array.from({ length: perAddress }, () => slowBody(site, a)));
  t.tried(flood.length);
  const held = () => flood.filter((s) => !s.closed).length;
  const cap = addresses.length * S7_LIMITS.maxConnectionsPerAddress;
  await waitUntil(() => held() <= cap, { timeoutMs: 30_000, what: 'the per-address cap to apply' });
  t.set('slowHeld', held());
  t.check(held() <= cap, 'wronglyAllowed', `${held()} slow-body connections held from 3 addresses (cap ${cap})`);
  for (let i = 0; i < 5; i += 1) {
    const health = await send({ port: site.port, method: 'GET', path: '/healthz', timeoutMs: 3000 });
    t.check(
      health.status === 200,
      'wronglyDenied',
      `/healthz during a slow-body flood: ${health.status || health.error}`,
    );
  }
  const dropped = await waitUntil(() => held() === 0, {
    timeoutMs: S7_LIMITS.requestTimeoutMs + 8000,
    what: 'slow bodies to time out',
  });
  t.check(dropped, 'wronglyAllowed', `${held()} slow-body connections still open after the request timeout`);
  for (const s of flood) s.socket.destroy();
}

/** Runs `count` calls, `parallel` at a time; returns every answer. */
async function flood(
  count: number,
  parallel: number,
  call: (i: number) => Promise<RawResponse>,
): Promise<RawResponse[]> {
  const out: RawResponse[] = [];
  for (let i = 0; i < count; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - i) }, (_, j) => call(i + j));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** A flood of one operation must meet 429 with Retry-After and a rate-limit code (decision 0008). */
function judgeFlood(t: Tally, what: string, answers: RawResponse[]): void {
  for (const a of answers) judge(t, what, a);
  t.tried(answers.length);
  const limited = answers.filter((a) => a.status === 429);
  t.set(`${what}Limited`, `${limited.length}/${answers.length}`);
  if (limited.length === 0) t.found('wronglyAllowed', `${answers.length} ${what} in a burst: never 429`);
  for (const a of limited) {
    const code = (a.json as { code?: number } | undefined)?.code ?? 0;
    if (!a.headers['retry-after']) t.found('wronglyAllowed', `${what}: 429 without Retry-After`);
    if (!RATE_LIMIT_CODES.includes(code)) t.found('wronglyAllowed', `${what}: 429 with code ${code}`);
  }
}

async function userFloods(t: Tally, site: Site, user: User, peer: User, n: number): Promise<void> {
  const msg = (i: number, onlineUserOnly: boolean) =>
    send({
      port: site.port,
      method: 'POST',
      path: '/api/v1/messages',
      headers: bearer(user.userSig),
      body: {
        ID: `s7-${onlineUserOnly ? 't' : 'm'}-${i}`,
        conversationType: 'C2C',
        to: peer.userID,
        type: 'TIMTextElem',
        payload: { text: `flood ${i}` },
        ...(onlineUserOnly ? { onlineUserOnly } : {}),
      },
    });
  const sends = await flood(n, 20, (i) => msg(i, false));
  judgeFlood(t, 'sends', sends);
  const stored = new Set((await history(site, user, peer.userID)).map((m) => m.ID));
  sends.forEach((a, i) => {
    const id = `s7-m-${i}`;
    if (a.status === 200 && !stored.has(id)) t.found('dataLost', `acknowledged send ${id} not in history`);
    if (a.status !== 200 && stored.has(id)) t.found('wronglyAllowed', `refused send ${id} stored anyway`);
  });
  judgeFlood(t, 'typing', await flood(n, 20, (i) => msg(i, true)));
  const patch = (i: number) =>
    send({
      port: site.port,
      method: 'PATCH',
      path: ROUTES.myProfile,
      headers: bearer(user.userSig),
      body: { nick: `n${i}` },
    });
  judgeFlood(t, 'profileEdits', await flood(n, 20, patch));
  const ids = Array.from({ length: 100 }, (_, i) => `probe${i}`);
  const lookup = () =>
    send({
      port: site.port,
      method: 'POST',
      path: ROUTES.profiles,
      headers: bearer(user.userSig),
      body: { userIDList: ids },
    });
  judgeFlood(t, 'profileLookups', await flood(n, 20, lookup));
}

export async function runS7(seed: number, servers: Servers, short: boolean): Promise<Tally> {
  const t = new Tally('S7', seed);
  const site = await servers.need('limits');
  const [user, peer] = await Promise.all(['s7user', 's7peer'].map((id) => createUser(site, id)));
  if (!user || !peer) throw new Error('S7 users');
  await slowBodyFlood(t, site, short ? 150 : 400);
  await earlyAnswerFlood(t, site, short ? 20 : 40);
  await socketsPerUser(t, [site], user, { firstAddress: 10, key: 'socketsOpen', where: '' });
  await userFloods(t, site, user, peer, short ? 150 : 400);
  await checkAlive(t, site);
  // The same budgets on two nodes of one deployment (decision 0045).
  await twoNodeLimits(t, servers, short);
  return t;
}
