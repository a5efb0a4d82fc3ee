import { GROUP_ROUTES, groupPath, LIMITS, MESSAGE_ROUTES, ROUTES } from '@parley/protocol';
import { judge, type RawResponse, send } from '../lib/http.ts';
import { S7_LIMITS, type Site } from '../lib/servers.ts';
import { bearer, createUser, type User } from '../lib/site-api.ts';
import { checkAlive } from '../lib/http.ts';
import { Tally } from '../lib/tally.ts';
import type { Servers } from '../lib/servers.ts';

/**
 * S9: group churn (docs/PROTOCOL.md ABU20–ABU26) on the `limits` server: a burst of creates meets the group-write
 * budget, a patient user meets the per-user group cap, lists come in bounded pages, a user who refuses to be added
 * is not added nor told, and a join/quit loop stores at most one tip per window.
 */
const call = (site: Site, user: User, method: string, path: string, body?: unknown) =>
  send({ port: site.port, method, path, headers: bearer(user.userSig), ...(body === undefined ? {} : { body }) });

const codeOf = (a: RawResponse) => (a.json as { code?: number } | undefined)?.code ?? 0;

async function allGroups(t: Tally, site: Site, user: User): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  for (let page = 0; page < 100; page += 1) {
    const path = `${GROUP_ROUTES.groups}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body = (await call(site, user, 'GET', path)).json as { groupList: { groupID: string }[]; nextCursor: string };
    t.check(
      body.groupList.length <= LIMITS.listPage,
      'wronglyAllowed',
      `a group list page of ${body.groupList.length}`,
    );
    ids.push(...body.groupList.map((g) => g.groupID));
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

async function writeBurst(t: Tally, site: Site, user: User): Promise<void> {
  const n = 30;
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) => call(site, user, 'POST', GROUP_ROUTES.groups, { name: `b${i}` })),
  );
  for (const a of answers) judge(t, 'group creates', a);
  t.tried(n);
  const limited = answers.filter((a) => a.status === 429);
  t.set('groupWritesLimited', `${limited.length}/${n}`);
  if (limited.length === 0) t.found('wronglyAllowed', `${n} group creates in a burst: never 429`);
  for (const a of limited)
    if (codeOf(a) !== 60007 || !a.headers['retry-after'])
      t.found('wronglyAllowed', 'a group 429 without 60007 and Retry-After');
  const stored = (await allGroups(t, site, user)).length;
  const acknowledged = answers.filter((a) => a.status === 200).length;
  t.check(
    stored === acknowledged,
    'wronglyAllowed',
    `${stored} groups stored for ${acknowledged} acknowledged creates`,
  );
}

async function cap(t: Tally, site: Site, user: User): Promise<void> {
  // The cap is below the write burst, so the budget never answers first.
  let last: RawResponse | undefined;
  for (let i = 0; i <= S7_LIMITS.groupsPerUser; i += 1) {
    last = await call(site, user, 'POST', GROUP_ROUTES.groups, { name: `c${i}` });
    judge(t, 'creates to the cap', last);
    if (last.status !== 200) break;
  }
  const held = (await allGroups(t, site, user)).length;
  t.set('groupsAtCap', held);
  t.check(held <= S7_LIMITS.groupsPerUser, 'wronglyAllowed', `${held} groups (cap ${S7_LIMITS.groupsPerUser})`);
  t.check(
    last !== undefined && codeOf(last) === 10037,
    'wronglyAllowed',
    `past the cap: ${last?.status} ${codeOf(last as RawResponse)}`,
  );
  const huge = await call(site, user, 'GET', `${MESSAGE_ROUTES.conversations}?count=1000`);
  judge(t, 'oversized page', huge);
  t.check(huge.status === 400, 'wronglyAllowed', `a conversation page of 1000 asked: ${huge.status}`);
}

async function consent(t: Tally, site: Site, attacker: User, victim: User): Promise<void> {
  await call(site, victim, 'PATCH', ROUTES.myProfile, { allowType: 'AllowType_Type_DenyAny' });
  const work = await call(site, attacker, 'POST', GROUP_ROUTES.groups, { name: 'w' });
  const groupID = (work.json as { group: { groupID: string } }).group.groupID;
  const add = await call(site, attacker, 'POST', groupPath(GROUP_ROUTES.members, groupID), {
    userIDList: [victim.userID],
  });
  judge(t, 'add a refusing user', add);
  const created = await call(site, attacker, 'POST', GROUP_ROUTES.groups, {
    name: 'x',
    memberList: [{ userID: victim.userID }],
  });
  t.check(codeOf(created) === 30516, 'wronglyAllowed', `a group created with a DenyAny user: ${codeOf(created)}`);
  t.check(codeOf(add) === 30516, 'wronglyAllowed', `adding a DenyAny user: ${add.status} ${codeOf(add)}`);
  const notices = await call(
    site,
    victim,
    'GET',
    `/api/v1/conversations/${encodeURIComponent('@TIM#SYSTEM')}/messages?count=100`,
  );
  const list = (notices.json as { messageList?: unknown[] } | undefined)?.messageList ?? [];
  t.check(list.length === 0, 'wronglyAllowed', `a refusing user got ${list.length} notices`);
}

async function tipLoop(t: Tally, site: Site, owner: User, member: User): Promise<void> {
  const open = await call(site, owner, 'POST', GROUP_ROUTES.groups, {
    name: 'o',
    type: 'Public',
    joinOption: 'FreeAccess',
  });
  const groupID = (open.json as { group: { groupID: string } }).group.groupID;
  const started = Date.now();
  let changes = 0;
  // As fast as the member can: the budget refuses some (429), the window keeps the tips of the rest.
  for (let i = 0; i < 20; i += 1) {
    const join = await call(site, member, 'POST', groupPath(GROUP_ROUTES.join, groupID), {});
    const quit = await call(site, member, 'POST', groupPath(GROUP_ROUTES.quit, groupID));
    judge(t, 'join/quit loop', join);
    judge(t, 'join/quit loop', quit);
    changes += Number(join.status === 200) + Number(quit.status === 200);
  }
  const windows = Math.ceil((Date.now() - started) / 1000 / 10) + 1;
  const path = `/api/v1/conversations/${encodeURIComponent(`GROUP${groupID}`)}/messages?count=100`;
  const history = (await call(site, owner, 'GET', path)).json as { messageList: { type: string }[] };
  const tips = history.messageList.filter((m) => m.type === 'TIMGroupTipElem').length;
  t.set('joinQuitTips', `${tips} for ${changes} changes`);
  t.check(tips <= windows, 'wronglyAllowed', `${tips} tips stored for a join/quit loop of ${changes} changes`);
}

export async function runS9(seed: number, servers: Servers, _short: boolean): Promise<Tally> {
  const t = new Tally('S9', seed);
  const site = await servers.need('limits');
  const [burst, patient, attacker, victim, owner, looper] = await Promise.all(
    ['s9burst', 's9patient', 's9attacker', 's9victim', 's9owner', 's9looper'].map((id) => createUser(site, id)),
  );
  if (!burst || !patient || !attacker || !victim || !owner || !looper) throw new Error('S9 users');
  await writeBurst(t, site, burst);
  await cap(t, site, patient);
  await consent(t, site, attacker, victim);
  await tipLoop(t, site, owner, looper);
  await checkAlive(t, site);
  return t;
}
