import {
  CONTACT_LIMITS,
  type CreateFriendGroup,
  type FriendGroup,
  type FriendGroupMembers,
  type FriendGroupResult,
  ParleyError,
} from '@parley/protocol';
import { commit, type Domain, nowSeconds } from '../context.ts';
import type { Repos } from '../ports.ts';
import { emitTo } from './events.ts';
import type { FriendGroupRow } from './ports.ts';

const groupsChanged = { type: 'friend.groups-changed' } as const;

const toGroup = (row: FriendGroupRow): FriendGroup => ({
  name: row.name,
  userIDList: row.friendIDs,
  count: row.friendIDs.length,
});

/** CNT15: a name is 1–64 UTF-8 bytes (the schema bounds characters and control characters), filtered like text. */
function checkName(d: Domain, name: string): void {
  if (Buffer.byteLength(name, 'utf8') > CONTACT_LIMITS.friendGroupNameBytes)
    throw ParleyError.of(
      'FRIEND_INVALID_PARAMS',
      `a friend group's name is at most ${CONTACT_LIMITS.friendGroupNameBytes} bytes`,
    );
  if (d.contentFilter.blocks(name)) throw ParleyError.of('PROHIBITED_CONTENT');
}

async function groupNamed(tx: Repos, me: string, name: string): Promise<FriendGroup> {
  const row = (await tx.contacts.friendGroups(me)).find((g) => g.name === name);
  if (!row) throw ParleyError.of('FRIEND_INVALID_PARAMS', `there is no friend group "${name}"`);
  return toGroup(row);
}

/** Of `userIDs`, who are my friends (may be put in my groups) and who are not (the failure list). */
async function splitFriends(tx: Repos, me: string, userIDs: readonly string[]) {
  const ids = [...new Set(userIDs)];
  const friends = new Set((await tx.contacts.friendRows(me, ids)).map((r) => r.friendID));
  return { ok: ids.filter((id) => friends.has(id)), failed: ids.filter((id) => !friends.has(id)) };
}

/** getFriendGroupList (reference §7): my groups in the order made, each with its friends. */
export async function getFriendGroups(d: Domain, me: string): Promise<FriendGroup[]> {
  return (await d.storage.contacts.friendGroups(me)).map(toGroup);
}

/** createFriendGroup (CNT16): a new name (at most 32 groups, 30010), with those of `userIDList` who are my friends. */
export async function createFriendGroup(d: Domain, me: string, input: CreateFriendGroup): Promise<FriendGroupResult> {
  checkName(d, input.name);
  return commit(d, async (tx, emit) => {
    const existing = await tx.contacts.friendGroups(me);
    if (existing.some((g) => g.name === input.name))
      throw ParleyError.of('FRIEND_INVALID_PARAMS', `a friend group "${input.name}" exists already`);
    if (existing.length >= CONTACT_LIMITS.friendGroups) throw ParleyError.of('FRIEND_GROUP_LIMIT');
    await tx.contacts.createFriendGroup(me, input.name, nowSeconds(d));
    const { ok, failed } = await splitFriends(tx, me, input.userIDList ?? []);
    await tx.contacts.addToFriendGroup(me, input.name, ok);
    emitTo(emit, [me], groupsChanged);
    return { friendGroup: await groupNamed(tx, me, input.name), failureUserIDList: failed };
  });
}

/** deleteFriendGroup (CNT17): the group goes; its friends stay friends. */
export async function deleteFriendGroup(d: Domain, me: string, name: string): Promise<FriendGroupResult> {
  return commit(d, async (tx, emit) => {
    const group = await groupNamed(tx, me, name);
    await tx.contacts.deleteFriendGroup(me, name);
    emitTo(emit, [me], groupsChanged);
    return { friendGroup: group, failureUserIDList: [] };
  });
}

/** addToFriendGroup / removeFromFriendGroup (CNT18): only my friends go in; anyone else is in the failure list. */
export async function changeFriendGroup(
  d: Domain,
  me: string,
  input: FriendGroupMembers,
  add: boolean,
): Promise<FriendGroupResult> {
  return commit(d, async (tx, emit) => {
    const before = await groupNamed(tx, me, input.name);
    const { ok, failed } = add
      ? await splitFriends(tx, me, input.userIDList)
      : {
          ok: input.userIDList.filter((id) => before.userIDList.includes(id)),
          failed: input.userIDList.filter((id) => !before.userIDList.includes(id)),
        };
    if (add) await tx.contacts.addToFriendGroup(me, input.name, ok);
    else await tx.contacts.removeFromFriendGroup(me, input.name, ok);
    if (ok.length > 0) emitTo(emit, [me], groupsChanged);
    return { friendGroup: await groupNamed(tx, me, input.name), failureUserIDList: [...new Set(failed)] };
  });
}

/** renameFriendGroup (CNT19): to a name not taken; the friends go with it. */
export async function renameFriendGroup(
  d: Domain,
  me: string,
  oldName: string,
  newName: string,
): Promise<FriendGroupResult> {
  checkName(d, newName);
  return commit(d, async (tx, emit) => {
    await groupNamed(tx, me, oldName);
    if (oldName !== newName) {
      if ((await tx.contacts.friendGroups(me)).some((g) => g.name === newName))
        throw ParleyError.of('FRIEND_INVALID_PARAMS', `a friend group "${newName}" exists already`);
      await tx.contacts.renameFriendGroup(me, oldName, newName);
      emitTo(emit, [me], groupsChanged);
    }
    return { friendGroup: await groupNamed(tx, me, newName), failureUserIDList: [] };
  });
}

/** Each friend's groups (the Friend's `groupList`, reference §12.6). */
export async function groupsByFriend(r: Repos, me: string): Promise<Map<string, string[]>> {
  const byFriend = new Map<string, string[]>();
  for (const g of await r.contacts.friendGroups(me))
    for (const id of g.friendIDs) byFriend.set(id, [...(byFriend.get(id) ?? []), g.name]);
  return byFriend;
}
