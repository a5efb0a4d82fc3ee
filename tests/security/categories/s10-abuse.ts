import { CONTACT_ROUTES, GROUP_ROUTES, groupPath, ROUTES } from '@parley/protocol';
import { judge, type RawResponse, send } from '../lib/http.ts';
import type { Servers, Site } from '../lib/servers.ts';
import { bearer, createUser, type User } from '../lib/site-api.ts';
import { checkAlive } from '../lib/http.ts';
import { Tally } from '../lib/tally.ts';

/** A phrase of the server's default word list (apps/server/src/app/prohibited-words.txt). */
const PROHIBITED = '刷单返利';
const enc = encodeURIComponent;

interface Ctx {
  t: Tally;
  site: Site;
  run: string;
}

async function call(c: Ctx, as: User, method: string, path: string, what: string, body?: unknown) {
  const res = await send({ port: c.site.port, method, path, headers: bearer(as.userSig), body });
  judge(c.t, what, res);
  return res;
}

const codeOf = (res: RawResponse) => (res.json as { code?: number } | undefined)?.code;

/** An attempt that must be refused with `code`: anything else is a 'wrongly allowed' finding. */
async function refused(c: Ctx, what: string, code: number, attempt: Promise<RawResponse>): Promise<void> {
  const res = await attempt;
  c.t.check(res.status >= 400 && codeOf(res) === code, 'wronglyAllowed', `${what}: ${res.status} ${codeOf(res)}`);
}

/** A step the attacks stand on (a send, a group, a block); its failure is a legitimate user denied. */
async function must(c: Ctx, what: string, attempt: Promise<RawResponse>): Promise<Record<string, unknown>> {
  const res = await attempt;
  c.t.check(res.status === 200, 'wronglyDenied', `${what}: ${res.status} ${res.text.slice(0, 120)}`);
  return (res.json ?? {}) as Record<string, unknown>;
}

function message(c: Ctx, from: User, to: string, payload: object, extra: object = {}) {
  const body = {
    ID: `${c.run}-${Math.random().toString(36).slice(2)}`,
    conversationType: 'C2C',
    to,
    ...payload,
    ...extra,
  };
  return call(c, from, 'POST', '/api/v1/messages', `send ${from.userID} → ${to}`, body);
}

const action = (conv: string, id: string, verb: string) =>
  `/api/v1/conversations/${enc(conv)}/messages/${enc(id)}/${verb}`;

/** ABU10: a mute outlives quitting and joining a free-join group again. */
async function muteRejoin(c: Ctx, owner: User, member: User): Promise<void> {
  const g = (
    await must(
      c,
      'create a Public group',
      call(c, owner, 'POST', GROUP_ROUTES.groups, 'create', {
        name: 'abuse',
        type: 'Public',
        joinOption: 'FreeAccess',
      }),
    )
  ).group as { groupID: string };
  const join = () => call(c, member, 'POST', groupPath(GROUP_ROUTES.join, g.groupID), 'join', {});
  await must(c, 'join', join());
  const mute = groupPath(GROUP_ROUTES.mute, g.groupID, { userID: member.userID });
  await must(c, 'mute', call(c, owner, 'PUT', mute, 'mute', { muteTime: 3600 }));
  await must(c, 'quit', call(c, member, 'POST', groupPath(GROUP_ROUTES.quit, g.groupID), 'quit'));
  await must(c, 'rejoin', join());
  const say = {
    ID: `${c.run}-g`,
    conversationType: 'GROUP',
    to: g.groupID,
    type: 'TIMTextElem',
    payload: { text: 'x' },
  };
  await refused(
    c,
    'a muted member who quit and rejoined sends',
    10017,
    call(c, member, 'POST', '/api/v1/messages', 'group send', say),
  );
  const ownMsg = (
    await must(c, 'owner says', call(c, owner, 'POST', '/api/v1/messages', 'group send', { ...say, ID: `${c.run}-o` }))
  ).message as { ID: string };
  const conv = `GROUP${g.groupID}`;
  // ABU15: nor does the muted member write cloudCustomData onto another member's message.
  await refused(
    c,
    'a muted member writes cloudCustomData',
    10017,
    call(c, member, 'POST', action(conv, ownMsg.ID, 'modify'), 'modify', { version: 0, cloudCustomData: 'spam' }),
  );
}

/** ABU11–ABU13: nothing of the blocked user reaches the blocker; the blocker's presence is hidden from them. */
async function blocklist(c: Ctx, blocker: User, blocked: User): Promise<void> {
  const text = (t: string) => ({ type: 'TIMTextElem', payload: { text: t } });
  const hers = (await must(c, 'blocker sends', message(c, blocker, blocked.userID, text('hi')))).message as {
    ID: string;
  };
  const his = (await must(c, 'blocked sends first', message(c, blocked, blocker.userID, text('hello')))).message as {
    ID: string;
  };
  await must(c, 'block', call(c, blocker, 'POST', CONTACT_ROUTES.blacklist, 'block', { userIDList: [blocked.userID] }));
  const conv = `C2C${blocker.userID}`;
  const tries: [string, string, string, unknown][] = [
    ['modifies his old message', 'POST', action(conv, his.ID, 'modify'), { version: 0, payload: { text: 'edited' } }],
    [
      'writes cloudCustomData on the blocker’s message',
      'POST',
      action(conv, hers.ID, 'modify'),
      { version: 0, cloudCustomData: 'x' },
    ],
    ['reacts to the blocker’s message', 'POST', action(conv, hers.ID, 'reactions'), { reactionID: '👍' }],
    [
      'creates a Work group with the blocker',
      'POST',
      GROUP_ROUTES.groups,
      { name: 'w', type: 'Private', memberList: [{ userID: blocker.userID }] },
    ],
  ];
  for (const [what, method, path, body] of tries)
    await refused(c, `a blocked user ${what}`, 20007, call(c, blocked, method, path, what, body));
  const work = (
    await must(
      c,
      'a Work group',
      call(c, blocked, 'POST', GROUP_ROUTES.groups, 'create', { name: 'w', type: 'Private' }),
    )
  ).group as { groupID: string };
  const added = await must(
    c,
    'add',
    call(c, blocked, 'POST', groupPath(GROUP_ROUTES.members, work.groupID), 'add', { userIDList: [blocker.userID] }),
  );
  c.t.check(
    (added.successUserIDList as string[] | undefined)?.length === 0,
    'wronglyAllowed',
    'a blocked user added the blocker to a Work group',
  );
  await send({
    port: c.site.port,
    method: 'PUT',
    path: CONTACT_ROUTES.selfStatus,
    headers: bearer(blocker.userSig),
    body: { customStatus: 'here' },
  });
  const status = await must(
    c,
    'status',
    call(c, blocked, 'POST', CONTACT_ROUTES.statusQuery, 'status', { userIDList: [blocker.userID] }),
  );
  const seen = (status.successUserList as { customStatus?: string }[] | undefined)?.[0];
  c.t.check(seen?.customStatus === '', 'wronglyAllowed', 'a blocked user read the blocker’s custom status');
}

/** ABU16, ABU18: edits, cloudCustomData and profile texts pass the prohibited-word filter as sends do. */
async function filterEdits(c: Ctx, a: User, b: User): Promise<void> {
  const custom = (
    await must(c, 'a clean custom message', message(c, a, b.userID, { type: 'TIMCustomElem', payload: { data: 'ok' } }))
  ).message as { ID: string };
  await refused(
    c,
    'a custom message modified into a prohibited phrase',
    80001,
    call(c, a, 'POST', action(`C2C${b.userID}`, custom.ID, 'modify'), 'modify', {
      version: 0,
      payload: { data: PROHIBITED },
    }),
  );
  await refused(
    c,
    'cloudCustomData carrying a prohibited phrase',
    80001,
    message(c, a, b.userID, { type: 'TIMTextElem', payload: { text: 'ok' } }, { cloudCustomData: PROHIBITED }),
  );
  // ABU18: nor does a nick others read carry one.
  await refused(
    c,
    'a nick carrying a prohibited phrase',
    80001,
    call(c, a, 'PATCH', ROUTES.myProfile, 'profile', { nick: PROHIBITED }),
  );
}

/**
 * S10: abuse the rules a user must not get around (docs/PROTOCOL.md ABU10–ABU18): a mute by leaving and joining
 * again, the blocklist by acting on old messages, groups and presence, the word filter by editing. Every attempt
 * must be refused; a refusal of the legitimate steps around them counts as 'wrongly denied'.
 */
export async function runS10(seed: number, servers: Servers, _short: boolean): Promise<Tally> {
  const t = new Tally('S10', seed);
  const site = await servers.need('default');
  const run = `s10${seed.toString(36)}${Date.now().toString(36)}`;
  const users = await Promise.all(['a', 'b', 'c', 'd'].map((x) => createUser(site, `${run}${x}`)));
  const [a, b, cc, d] = users as [User, User, User, User];
  const c = { t, site, run };
  await muteRejoin(c, a, b);
  await blocklist(c, cc, d);
  await filterEdits(c, a, b);
  await checkAlive(t, site);
  return t;
}
