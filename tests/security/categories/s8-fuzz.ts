import type net from 'node:net';
import { ADMIN_KEY_HEADER } from '@parley/protocol';
import { ADMIN_KEY } from '../../reliability/lib/parley-server.ts';
import { waitUntil } from '../../reliability/lib/wait.ts';
import { edgeCases, type FuzzCase, httpCases, type WsFrame, wsCases } from '../lib/fuzz-cases.ts';
import { judge, send } from '../lib/http.ts';
import { operations } from '../lib/openapi.ts';
import type { Servers, Site } from '../lib/servers.ts';
import { bearer, createUser, sendText, type User } from '../lib/site-api.ts';
import { checkAlive } from '../lib/http.ts';
import { Tally } from '../lib/tally.ts';
import { openSocket } from '../lib/ws.ts';

/** Close codes a fuzzed socket may get: normal, going away, protocol, bad data, policy, too big, try again. */
const FINE_CLOSES = new Set([1000, 1001, 1002, 1007, 1008, 1009, 1013, 4001]);
/** Fuzz users share the requests, so per-user rate limits slow the fuzzer less. */
const FUZZ_USERS = 8;

const label = (site: Site) => site.database;

async function runHttpCase(t: Tally, site: Site, c: FuzzCase, user: User, i: number): Promise<void> {
  const headers: Record<string, string> =
    c.op.guard === 'adminKey' ? { [ADMIN_KEY_HEADER]: ADMIN_KEY } : bearer(user.userSig);
  if (c.contentType !== undefined) headers['content-type'] = c.contentType;
  const body = c.body === undefined && c.op.method !== 'GET' && c.op.method !== 'DELETE' ? {} : c.body;
  const res = await send({
    port: site.port,
    method: c.op.method,
    path: c.path,
    headers,
    body: c.op.method === 'GET' ? undefined : body,
  });
  const what = `${label(site)} ${c.kind} ${c.op.method} ${c.path.slice(0, 60)} #${i}`;
  const status = judge(t, what, res);
  t.tried();
  if (!c.expect400) return;
  if (status === 429) {
    // A per-user rate limit answered before validation: this case proves nothing; counted so it shows.
    t.set('targetedRateLimited', Number(t.r.targetedRateLimited ?? 0) + 1);
    return;
  }
  if (status !== 400)
    t.found('wronglyAllowed', `${label(site)} ${c.expect400} (${c.op.method} ${c.op.template}) answered ${status}`);
}

/** One socket per session; a session that leaves the socket open must still get a pong. */
async function runWsSession(
  t: Tally,
  site: Site,
  user: User,
  frames: WsFrame[],
  closes: Map<number, number>,
): Promise<void> {
  const opened = await openSocket(site, { userSig: user.userSig });
  const s = opened.socket;
  if (!s) {
    if (opened.outcome !== 429) t.found('fiveXX', `${label(site)} WebSocket upgrade failed: ${opened.outcome}`);
    return;
  }
  t.tried();
  for (const f of frames) {
    if (!s.open) break;
    if ('text' in f) s.ws.send(f.text);
    else if ('binary' in f) s.ws.send(f.binary, { binary: true });
    else (s.ws as unknown as { _socket: net.Socket })._socket.write(f.raw);
  }
  const pongs = s.frames.filter((f) => f.type === 'pong').length;
  if (s.open) s.ws.send('{"type":"ping"}');
  await waitUntil(() => !s.open || s.frames.filter((f) => f.type === 'pong').length > pongs, {
    timeoutMs: 3000,
    what: 'pong or close',
  });
  if (s.open) s.close();
  else await waitUntil(() => s.closeCode !== undefined, { timeoutMs: 30_000, what: 'close code' });
  // 0: the socket survived the session and answered the ping; we hung up.
  const code = s.closeCode ?? 0;
  closes.set(code, (closes.get(code) ?? 0) + 1);
  if (code === 1011) t.found('fiveXX', `${label(site)} WebSocket closed 1011 (internal error)`);
}

const errorLines = (log: string) => log.split('\n').filter((l) => /"level":\s*(50|60)/.test(l));

async function fuzzSite(t: Tally, site: Site, seed: number, short: boolean): Promise<void> {
  const logFrom = site.server.log.length;
  const tag = site.database === 'postgres' ? 'pg' : 'sq';
  const users = await Promise.all(Array.from({ length: FUZZ_USERS }, (_, i) => createUser(site, `s8${tag}${i}`)));
  const peer = await createUser(site, `s8${tag}peer`);
  const first = users[0] as User;
  judge(t, 'seed message', await sendText(site, first, peer.userID, `s8${tag}-m1`, 'hello'));
  const ops = await operations(site);
  const world = {
    ops,
    hints: {
      userID: peer.userID,
      to: peer.userID,
      userIDList: [peer.userID],
      account: peer.userID,
      payload: { text: 'fuzz' },
    },
    params: { conversationID: `C2C${peer.userID}`, messageID: `s8${tag}-m1` },
  };
  const cases = [...edgeCases(world), ...httpCases(world, seed, short ? 150 : 1500)];
  for (const [i, c] of cases.entries()) await runHttpCase(t, site, c, users[i % users.length] as User, i);
  const closes = new Map<number, number>();
  for (const [i, frames] of wsCases(seed, short ? 25 : 200).entries())
    await runWsSession(t, site, users[i % users.length] as User, frames, closes);
  t.set(`${site.database}WsCloses`, JSON.stringify(Object.fromEntries(closes)));
  const odd = [...closes.keys()].filter((c) => !FINE_CLOSES.has(c) && c !== 0);
  if (odd.length > 0) t.set(`${site.database}UnexpectedCloses`, odd.join(','));
  const logged = errorLines(site.server.log.slice(logFrom));
  t.set(`${site.database}ErrorLogLines`, logged.length);
  if (logged.length > 0)
    t.found('fiveXX', `${label(site)} logged ${logged.length} error lines, first: ${logged[0]?.slice(0, 160)}`);
  await checkAlive(t, site);
}

export async function runS8(seed: number, servers: Servers, short: boolean): Promise<Tally> {
  const t = new Tally('S8', seed);
  await fuzzSite(t, await servers.need('default'), seed, short);
  const pg = await servers.get('postgres');
  if (pg) await fuzzSite(t, pg, seed, short);
  else t.r.skipped = `PostgreSQL part: ${servers.postgresSkipped ?? 'not started'}`;
  t.set('databases', pg ? 'sqlite,postgres' : 'sqlite');
  return t;
}
