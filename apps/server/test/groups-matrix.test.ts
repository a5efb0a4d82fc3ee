import { GROUP_TYPE, type GroupType } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { type GroupChat, makeGroupChat, type Method, path, R } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

/**
 * Rule GRP3 (decision 0012): every group operation × owner / admin / member / non-member × each group type, with
 * the exact answer: 0 allowed, otherwise the refusal code. Each case runs on a fresh group, so no case depends on
 * another. Work groups have no admins (GRP4), so the admin column is empty there. Work groups are made
 * `inviteOption: NeedPermission` with an invitation waiting for the outsider (GRP23).
 */
const USERS = ['own', 'adm', 'ad2', 'mem', 'tgt', 'out', 'new', 'app'];
const ACTOR = { owner: 'own', admin: 'adm', member: 'mem', outsider: 'out' } as const;
type Role = keyof typeof ACTOR;
const { WORK: W, PUBLIC: P, MEETING: M, AVCHATROOM: A } = GROUP_TYPE;

/** [owner, admin, member, outsider] per type, in the order Work, Public, Meeting, AVChatRoom. */
type Row = Record<GroupType, [number, number, number, number]>;
const same = (codes: [number, number, number, number]): Row => ({ [W]: codes, [P]: codes, [M]: codes, [A]: codes });

interface Op {
  name: string;
  call: (groupID: string, actor: string) => [Method, string, unknown?];
  expect: Row;
}

const NO = 10007;
const OPS: Op[] = [
  {
    name: 'dismissGroup',
    call: (g) => ['DELETE', path(R.group, g)],
    expect: { [W]: [NO, NO, NO, NO], [P]: [0, NO, NO, NO], [M]: [0, NO, NO, NO], [A]: [NO, NO, NO, NO] },
  },
  {
    name: 'quitGroup',
    call: (g) => ['POST', path(R.quit, g)],
    expect: { [W]: [0, 0, 0, NO], [P]: [10009, 0, 0, NO], [M]: [10009, 0, 0, NO], [A]: [10009, 0, 0, NO] },
  },
  {
    name: 'joinGroup',
    call: (g) => ['POST', path(R.join, g), {}],
    expect: { [W]: [0, 0, 0, NO], [P]: [0, 0, 0, 0], [M]: [0, 0, 0, 0], [A]: [0, 0, 0, 0] },
  },
  {
    name: 'addGroupMember',
    call: (g) => ['POST', path(R.members, g), { userIDList: ['new'] }],
    expect: { [W]: [0, 0, 0, NO], [P]: [NO, NO, NO, NO], [M]: [NO, NO, NO, NO], [A]: [2661, 2661, 2661, NO] },
  },
  {
    name: 'deleteGroupMember (ordinary member)',
    call: (g) => ['POST', path(R.deleteMembers, g), { userIDList: ['tgt'] }],
    expect: same([0, 0, NO, NO]),
  },
  {
    name: 'deleteGroupMember (an admin)',
    call: (g) => ['POST', path(R.deleteMembers, g), { userIDList: ['ad2'] }],
    expect: { [W]: [0, 0, NO, NO], [P]: [0, NO, NO, NO], [M]: [0, NO, NO, NO], [A]: [0, NO, NO, NO] },
  },
  {
    name: 'deleteGroupMember (the owner)',
    call: (g) => ['POST', path(R.deleteMembers, g), { userIDList: ['own'] }],
    expect: { [W]: [10004, NO, NO, NO], [P]: [10004, NO, NO, NO], [M]: [10004, NO, NO, NO], [A]: [10004, NO, NO, NO] },
  },
  {
    name: 'changeGroupOwner',
    call: (g) => ['POST', path(R.owner, g), { newOwnerID: 'tgt' }],
    expect: { [W]: [0, NO, NO, NO], [P]: [0, NO, NO, NO], [M]: [0, NO, NO, NO], [A]: [2620, NO, NO, NO] },
  },
  {
    name: 'setGroupMemberRole',
    call: (g) => ['PUT', path(R.role, g, { userID: 'tgt' }), { role: 'Admin' }],
    expect: { [W]: [NO, NO, NO, NO], [P]: [0, NO, NO, NO], [M]: [0, NO, NO, NO], [A]: [0, NO, NO, NO] },
  },
  {
    name: 'setGroupMemberMuteTime (ordinary member)',
    call: (g) => ['PUT', path(R.mute, g, { userID: 'tgt' }), { muteTime: 600 }],
    expect: { [W]: [NO, NO, NO, NO], [P]: [0, 0, NO, NO], [M]: [0, 0, NO, NO], [A]: [0, 0, NO, NO] },
  },
  {
    name: 'setGroupMemberMuteTime (an admin)',
    call: (g) => ['PUT', path(R.mute, g, { userID: 'ad2' }), { muteTime: 600 }],
    expect: { [W]: [NO, NO, NO, NO], [P]: [0, NO, NO, NO], [M]: [0, NO, NO, NO], [A]: [0, NO, NO, NO] },
  },
  {
    name: 'updateGroupProfile (name)',
    call: (g) => ['PATCH', path(R.group, g), { name: 'renamed' }],
    expect: same([0, 0, NO, NO]),
  },
  {
    name: 'updateGroupProfile (muteAllMembers)',
    call: (g) => ['PATCH', path(R.group, g), { muteAllMembers: true }],
    expect: { [W]: [NO, NO, NO, NO], [P]: [0, 0, NO, NO], [M]: [0, 0, NO, NO], [A]: [0, 0, NO, NO] },
  },
  {
    name: 'setGroupMemberNameCard (another member)',
    call: (g) => ['PUT', path(R.nameCard, g, { userID: 'tgt' }), { nameCard: 'card' }],
    expect: same([0, 0, NO, NO]),
  },
  {
    name: 'setGroupMemberNameCard (self)',
    call: (g, actor) => ['PUT', path(R.nameCard, g, { userID: actor }), { nameCard: 'me' }],
    expect: same([0, 0, 0, NO]),
  },
  {
    name: 'updateGroupProfile (groupCustomField)',
    call: (g) => ['PATCH', path(R.group, g), { groupCustomField: [{ key: 'k', value: 'v' }] }],
    expect: same([0, 0, NO, NO]),
  },
  {
    // FreeAccess is already a Work group's option; for the other types (DisableInvite, GRP20) it is refused.
    name: 'updateGroupProfile (inviteOption)',
    call: (g) => ['PATCH', path(R.group, g), { inviteOption: 'FreeAccess' }],
    expect: { [W]: [0, NO, NO, NO], [P]: [NO, NO, NO, NO], [M]: [NO, NO, NO, NO], [A]: [NO, NO, NO, NO] },
  },
  {
    name: 'setGroupMemberCustomField (another member)',
    call: (g) => [
      'PUT',
      path(R.memberCustomField, g, { userID: 'tgt' }),
      { memberCustomField: [{ key: 'k', value: 'v' }] },
    ],
    expect: same([0, 0, NO, NO]),
  },
  {
    name: 'setGroupMemberCustomField (self)',
    call: (g, actor) => [
      'PUT',
      path(R.memberCustomField, g, { userID: actor }),
      { memberCustomField: [{ key: 'k', value: 'v' }] },
    ],
    expect: same([0, 0, 0, NO]),
  },
  {
    name: 'handleGroupApplication',
    call: (g) => ['POST', path(R.handleApplication, g), { applicant: 'app', handleAction: 'Agree' }],
    expect: { [W]: [10024, 10024, NO, NO], [P]: [0, 0, NO, NO], [M]: [0, 0, NO, NO], [A]: [10024, 10024, NO, NO] },
  },
  {
    // Only the outsider holds an invitation (GRP23: Work groups under NeedPermission; the others take none).
    name: 'handleGroupInvitation',
    call: (g) => ['POST', path(R.handleInvitation, g), { handleAction: 'Agree' }],
    expect: { [W]: [NO, NO, NO, 0], [P]: [NO, NO, NO, NO], [M]: [NO, NO, NO, NO], [A]: [NO, NO, NO, NO] },
  },
  {
    name: 'updateGroupProfile (inviteOption NeedPermission)',
    call: (g) => ['PATCH', path(R.group, g), { inviteOption: 'NeedPermission' }],
    expect: { [W]: [0, 0, NO, NO], [P]: [NO, NO, NO, NO], [M]: [NO, NO, NO, NO], [A]: [NO, NO, NO, NO] },
  },
  { name: 'getGroupMemberList', call: (g) => ['GET', path(R.members, g)], expect: same([0, 0, 0, NO]) },
  {
    name: 'getGroupMemberProfile',
    call: (g) => ['POST', path(R.memberProfiles, g), { userIDList: ['tgt'] }],
    expect: same([0, 0, 0, NO]),
  },
  {
    name: 'getGroupProfile',
    call: (g) => ['GET', path(R.group, g)],
    expect: { [W]: [0, 0, 0, NO], [P]: [0, 0, 0, 0], [M]: [0, 0, 0, 0], [A]: [0, 0, 0, 0] },
  },
  {
    name: 'searchGroupByID',
    call: (g) => ['GET', path(R.search, g)],
    expect: { [W]: [0, 0, 0, 10010], [P]: [0, 0, 0, 0], [M]: [0, 0, 0, 0], [A]: [0, 0, 0, 0] },
  },
  {
    name: 'sendMessage (group)',
    call: (g) => [
      'POST',
      '/api/v1/messages',
      { ID: `x${g}`, conversationType: 'GROUP', to: g, type: 'TIMTextElem', payload: { text: 'x' } },
    ],
    expect: same([0, 0, 0, NO]),
  },
  {
    name: 'setGroupAttributes',
    call: (g) => ['PUT', path(R.attributes, g), { groupAttributes: { k: 'v' } }],
    expect: same([0, 0, NO, NO]),
  },
  {
    name: 'deleteGroupAttributes',
    call: (g) => ['POST', path(R.deleteAttributes, g), { keyList: [] }],
    expect: same([0, 0, NO, NO]),
  },
  {
    name: 'setMessageRemindType (group)',
    call: (g) => ['PUT', path(R.remind, g), { messageRemindType: 'AcceptNotNotify' }],
    expect: same([0, 0, 0, NO]),
  },
  { name: 'getGroupAttributes', call: (g) => ['GET', path(R.attributes, g)], expect: same([0, 0, 0, NO]) },
  { name: 'getGroupOnlineMemberCount', call: (g) => ['GET', path(R.onlineCount, g)], expect: same([0, 0, 0, NO]) },
  {
    name: 'getMessageReadReceiptList',
    call: (g) => ['POST', path(R.readReceipts, g), { messageIDList: ['none'] }],
    expect: same([0, 0, 0, NO]),
  },
];

let counter = 0;

/** A fresh group of `type`: own the owner; adm and ad2 admins (members in a Work group); mem and tgt members. */
async function freshGroup(c: GroupChat, type: GroupType): Promise<string> {
  counter += 1;
  const groupID = `m${counter}`;
  const av = type === A;
  const admin = type === W ? 'Member' : 'Admin';
  const memberList = av
    ? []
    : [{ userID: 'adm', role: admin }, { userID: 'ad2', role: admin }, { userID: 'mem' }, { userID: 'tgt' }];
  await c.create('own', { groupID, name: 'g', type, memberList });
  if (av) {
    for (const u of ['adm', 'ad2', 'mem', 'tgt']) await c.call(u, 'POST', path(R.join, groupID), {});
    for (const u of ['adm', 'ad2']) await c.call('own', 'PUT', path(R.role, groupID, { userID: u }), { role: 'Admin' });
  }
  if (type === P || type === M) await c.call('app', 'POST', path(R.join, groupID), { applyMessage: 'let me in' });
  if (type === W) {
    await c.call('own', 'PATCH', path(R.group, groupID), { inviteOption: 'NeedPermission' });
    await c.call('own', 'POST', path(R.members, groupID), { userIDList: ['out'] });
  }
  return groupID;
}

describe.each(KINDS)('GRP3 authorization matrix (%s)', (kind) => {
  let c: GroupChat;
  beforeAll(async () => {
    c = await makeGroupChat(kind, USERS);
  });
  afterAll(async () => {
    await c.close();
    await cleanupApps();
  });

  it.each([W, P, M, A])(
    'GRP3 every operation × role answers exactly as the permission table says (%s)',
    async (type) => {
      const mismatches: string[] = [];
      for (const op of OPS) {
        const roles = Object.keys(ACTOR) as Role[];
        for (const [i, role] of roles.entries()) {
          if (type === W && role === 'admin') continue;
          const groupID = await freshGroup(c, type);
          const actor = ACTOR[role];
          const [method, url, body] = op.call(groupID, actor);
          const res = await c.call(actor, method, url, body);
          const want = op.expect[type][i];
          if (res.code !== want)
            mismatches.push(
              `${op.name} as ${role}: got ${res.code} (${JSON.stringify(res.json).slice(0, 120)}), want ${want}`,
            );
        }
      }
      expect(mismatches).toEqual([]);
    },
  );
});
