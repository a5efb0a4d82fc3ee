import { ADMIN_KEY_HEADER, ROUTES, SESSION_COOKIE } from '@parley/protocol';
import { ADMIN_KEY } from '../../reliability/lib/parley-server.ts';
import { waitUntil } from '../../reliability/lib/wait.ts';
import { is2xx, judge, send } from '../lib/http.ts';
import { exampleOf, fillPath, type Operation, opName, operations } from '../lib/openapi.ts';
import type { Servers, Site } from '../lib/servers.ts';
import { bearer, createUser, history, login, sendText, type User } from '../lib/site-api.ts';
import { checkAlive } from '../lib/http.ts';
import { Tally } from '../lib/tally.ts';
import { openSocket } from '../lib/ws.ts';
import { portalMatrix } from './s2-portal.ts';

/** Each category logs in from its own loopback address, so address limits of one do not spill into another. */
const ADDRESS = '127.0.0.12';

interface World {
  site: Site;
  alice: User;
  bob: User;
  carol: User;
  /** Appears only in Alice↔Bob messages: any answer or push to Carol containing it is a leak. */
  mark: string;
  aliceIDs: string[];
  carolCookie: string;
  fresh: () => string;
}

/** One caller of the matrix: the headers it sends and whether the operation must refuse it. */
interface Caller {
  name: string;
  headers: (w: World) => Record<string, string>;
  mustRefuse: (op: Operation) => boolean;
  skip?: (op: Operation) => boolean;
}

const CALLERS: Caller[] = [
  { name: 'anonymous', headers: () => ({}), mustRefuse: (op) => op.guard !== 'none' },
  {
    name: 'session cookie only',
    headers: (w) => ({ cookie: `${SESSION_COOKIE}=${w.carolCookie}` }),
    mustRefuse: (op) => op.guard !== 'none',
  },
  {
    name: 'admin key instead of a userSig',
    headers: () => ({ [ADMIN_KEY_HEADER]: ADMIN_KEY }),
    mustRefuse: (op) => op.guard === 'userSig',
    // On admin routes the key is the real credential: calling them (revoking Alice, say) would attack nothing.
    skip: (op) => op.guard === 'adminKey',
  },
  {
    name: 'a user on an admin route',
    headers: (w) => bearer(w.carol.userSig),
    mustRefuse: (op) => op.guard === 'adminKey',
  },
  {
    name: 'a wrong admin key',
    headers: () => ({ [ADMIN_KEY_HEADER]: `${ADMIN_KEY}x` }),
    mustRefuse: (op) => op.guard === 'adminKey',
  },
  {
    name: 'the admin key with a trailing space',
    headers: () => ({ [ADMIN_KEY_HEADER]: ` ${ADMIN_KEY}0` }),
    mustRefuse: (op) => op.guard === 'adminKey',
  },
  // Carol acting on Alice's conversation with Bob: allowed to call, never to see or change it.
  { name: 'another user (Carol)', headers: (w) => bearer(w.carol.userSig), mustRefuse: () => false },
];

function requestFor(w: World, op: Operation, target: 'alice' | 'bob') {
  const peer = target === 'alice' ? w.bob.userID : w.alice.userID;
  const params = { conversationID: `C2C${peer}`, messageID: w.aliceIDs[0] ?? 'x', userID: w.alice.userID };
  const hints = {
    userID: op.guard === 'adminKey' && op.template === ROUTES.adminAccounts ? w.fresh() : w.alice.userID,
    userIDList: [w.alice.userID],
    to: w.alice.userID,
    ID: w.fresh(),
    account: w.alice.userID,
    password: 'wrong-password-1',
    payload: { text: 'from carol' },
    nick: 'carol-was-here',
  };
  return { path: fillPath(op.template, params), body: exampleOf(op.body, hints) };
}

async function attack(t: Tally, w: World, op: Operation, caller: Caller, target: 'alice' | 'bob'): Promise<void> {
  const { path, body } = requestFor(w, op, target);
  const what = `${caller.name} → ${opName(op)} (${target})`;
  const res = await send({
    port: w.site.port,
    method: op.method,
    path,
    headers: caller.headers(w),
    body,
    localAddress: ADDRESS,
  });
  const status = judge(t, what, res);
  t.tried();
  if (caller.mustRefuse(op) && is2xx(status)) t.found('wronglyAllowed', `${what} answered ${status}`);
  if (is2xx(status) && res.text.includes(w.mark)) {
    t.found('wronglyAllowed', `${what} leaked Alice↔Bob messages`);
  }
}

/** Carol's sockets see nothing of Alice↔Bob; a frame from Carol's socket reaches nobody. */
async function socketMatrix(t: Tally, w: World): Promise<void> {
  const anonymous = await openSocket(w.site, {});
  anonymous.socket?.close();
  t.check(anonymous.outcome !== 'hello', 'wronglyAllowed', 'WebSocket without a userSig accepted');
  const carol = await openSocket(w.site, { userSig: w.carol.userSig });
  const bob = await openSocket(w.site, { userSig: w.bob.userSig });
  if (!carol.socket || !bob.socket) throw new Error('S2 sockets did not open');
  const forged = `forged-by-carol-${w.mark}`;
  carol.socket.ws.send(JSON.stringify({ type: 'event', event: { type: 'message.new', message: { text: forged } } }));
  const ID = w.fresh();
  judge(t, 'alice sends', await sendText(w.site, w.alice, w.bob.userID, ID, `${w.mark} live`));
  judge(t, 'alice types', await sendText(w.site, w.alice, w.bob.userID, w.fresh(), w.mark, { onlineUserOnly: true }));
  w.aliceIDs.push(ID);
  const arrived = await waitUntil(() => bob.socket?.eventText.includes(`${w.mark} live`) ?? false, {
    timeoutMs: 5000,
    what: 'bob to get the message',
  });
  if (!arrived) throw new Error('S2: Bob never got the message; the leak check would prove nothing');
  t.check(!carol.socket.eventText.includes(w.mark), 'wronglyAllowed', "Carol's socket got Alice↔Bob events");
  t.check(!bob.socket.eventText.includes(forged), 'wronglyAllowed', "a frame sent on Carol's socket reached Bob");
  carol.socket.close();
  bob.socket.close();
}

/** Decision 0008: Bob or Carol reusing Alice's message ID must not replace hers for lookups. */
async function idReuse(t: Tally, w: World): Promise<void> {
  const id = w.aliceIDs[0] ?? '';
  judge(t, 'carol reuses the ID', await sendText(w.site, w.carol, w.bob.userID, id, 'carol reused your ID'));
  judge(t, 'bob reuses the ID', await sendText(w.site, w.bob, w.alice.userID, id, 'bob reused your ID'));
  for (const [viewer, peer] of [
    [w.alice, w.bob],
    [w.bob, w.alice],
  ] as const) {
    const path = `/api/v1/conversations/${encodeURIComponent(`C2C${peer.userID}`)}/messages/${encodeURIComponent(id)}`;
    const found = await send({ port: w.site.port, method: 'GET', path, headers: bearer(viewer.userSig) });
    const from = (found.json as { message?: { from?: string } } | undefined)?.message?.from;
    t.check(
      from === w.alice.userID,
      'wronglyAllowed',
      `another sender took over Alice's message ID (${viewer.userID}'s lookup gave ${from})`,
    );
  }
}

async function setUp(site: Site, seed: number): Promise<World> {
  let n = 0;
  const fresh = () => {
    n += 1;
    return `s2x${seed}_${n}`;
  };
  const [alice, bob, carol] = await Promise.all(['s2alice', 's2bob', 's2carol'].map((id) => createUser(site, id)));
  if (!alice || !bob || !carol) throw new Error('S2 users');
  const mark = `secret${seed}mark`;
  const aliceIDs = [fresh(), fresh()];
  for (const ID of aliceIDs)
    judge(new Tally('setup', seed), 'setup', await sendText(site, alice, bob.userID, ID, mark));
  const session = await login(site, carol.userID, carol.password, { origin: site.origin, localAddress: ADDRESS });
  if (!session.cookie) throw new Error(`S2 carol login: ${session.res.status}`);
  return { site, alice, bob, carol, mark, aliceIDs, carolCookie: session.cookie, fresh };
}

export async function runS2(seed: number, servers: Servers): Promise<Tally> {
  const t = new Tally('S2', seed);
  const site = await servers.need('default');
  const w = await setUp(site, seed);
  const before = await history(site, w.alice, w.bob.userID);
  const ops = await operations(site);
  t.set('operations', ops.length);
  for (const op of ops) {
    if (op.template === ROUTES.logout) continue; // would end Carol's own session mid-matrix; S3 covers it
    for (const caller of CALLERS) {
      if (caller.skip?.(op)) continue;
      await attack(t, w, op, caller, 'alice');
      if (caller.name.startsWith('another')) await attack(t, w, op, caller, 'bob');
    }
  }
  await socketMatrix(t, w);
  await portalMatrix(t, site, { userID: w.carol.userID, cookie: w.carolCookie }, w.alice.userID, ADDRESS);
  const after = await history(site, w.alice, w.bob.userID);
  for (const m of before) {
    const kept = after.find((a) => a.ID === m.ID);
    t.check(
      JSON.stringify(kept?.payload) === JSON.stringify(m.payload),
      'dataLost',
      `Alice↔Bob message ${m.ID} changed or lost`,
    );
  }
  await idReuse(t, w);
  await checkAlive(t, site);
  return t;
}
