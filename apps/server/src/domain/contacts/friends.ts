import {
  type AddFriend,
  type AddFriendResult,
  type CheckFriends,
  type CheckFriendsResult,
  type DeleteFriends,
  type DeleteFriendsResult,
  ALLOW_TYPE,
  ERRORS,
  FRIEND_ADD_TYPE,
  FRIEND_CHECK_TYPE,
  FRIEND_DELETE_TYPE,
  FRIEND_PENDING_CODE,
  FRIEND_RELATION,
  type Friend,
  ParleyError,
} from '@parley/protocol';
import { commit, type Domain, type Emit, nowSeconds } from '../context.ts';
import type { Repos } from '../ports.ts';
import { applicationChanged, emitTo, friendChanged } from './events.ts';
import { groupsByFriend } from './friend-groups.ts';
import { profilesOf, toFriend } from './views.ts';

const bytes = (s: string | undefined) => Buffer.byteLength(s ?? '', 'utf8');

export async function getFriendList(d: Domain, me: string): Promise<Friend[]> {
  const rows = await d.storage.contacts.friends(me);
  const profiles = await profilesOf(
    d.storage,
    rows.map((r) => r.friendID),
  );
  const groups = await groupsByFriend(d.storage, me);
  return rows.map((r) => toFriend(r, profiles.get(r.friendID), groups.get(r.friendID)));
}

/** Makes `a` list `b` (and `b` list `a` when `both`); returns who had their list changed. */
async function befriend(
  tx: Repos,
  now: number,
  a: { id: string; remark: string; source: string; wording: string },
  b: { id: string; remark: string; source: string; wording: string },
  both: boolean,
): Promise<string[]> {
  const changed: string[] = [];
  const row = (from: typeof a, to: typeof a) => ({
    userID: from.id,
    friendID: to.id,
    remark: from.remark,
    source: from.source,
    wording: to.wording,
    addTime: now,
  });
  if (await tx.contacts.addFriend(row(a, b))) changed.push(a.id);
  if (both && (await tx.contacts.addFriend(row(b, a)))) changed.push(b.id);
  // Any request between the two is settled now.
  await tx.contacts.deleteApplication(b.id, a.id);
  await tx.contacts.deleteApplication(a.id, b.id);
  return changed;
}

function checkAdd(d: Domain, me: string, input: AddFriend): void {
  if (input.to === me) throw ParleyError.of('FRIEND_INVALID_PARAMS', 'You cannot add yourself as a friend');
  if (bytes(input.wording) > 256) throw ParleyError.of('FRIEND_INVALID_PARAMS', 'wording is longer than 256 bytes');
  if (bytes(input.remark) > 96) throw ParleyError.of('FRIEND_INVALID_PARAMS', 'remark is longer than 96 bytes');
  // The wording reaches the target: filtered as a message is (ABU18).
  if (d.contentFilter.blocks(input.wording ?? '')) throw ParleyError.of('PROHIBITED_CONTENT');
}

/**
 * addFriend (CNT3): honours the target's allowType. AllowAny adds at once; NeedConfirm stores a request (answer
 * code 30539) unless the target already lists me or asked me first, which is consent enough; DenyAny refuses.
 */
export async function addFriend(d: Domain, me: string, input: AddFriend): Promise<AddFriendResult> {
  checkAdd(d, me, input);
  const now = nowSeconds(d);
  return commit(d, async (tx, emit) => {
    const target = await tx.profiles.get(input.to);
    if (!target) throw ParleyError.of('FRIEND_ACCOUNT_NOT_FOUND');
    if (await tx.contacts.isBlocked(me, input.to)) throw ParleyError.of('FRIEND_IN_MY_BLACKLIST');
    if (await tx.contacts.isBlocked(input.to, me)) throw ParleyError.of('FRIEND_IN_PEER_BLACKLIST');
    if ((await tx.contacts.friendRows(me, [input.to])).length > 0) throw ParleyError.of('ALREADY_MY_FRIEND');
    if (target.allowType === ALLOW_TYPE.DENY_ANY) throw ParleyError.of('FRIEND_PEER_DENIES_ALL');
    const both = (input.type ?? FRIEND_ADD_TYPE.BOTH) === FRIEND_ADD_TYPE.BOTH;
    const mine = { id: me, remark: input.remark ?? '', source: input.source, wording: input.wording ?? '' };
    const consented =
      target.allowType === ALLOW_TYPE.ALLOW_ANY ||
      (await tx.contacts.friendRows(input.to, [me])).length > 0 ||
      (await tx.contacts.getApplication(me, input.to)) !== undefined;
    if (consented) {
      const theirs = { id: input.to, remark: '', source: input.source, wording: '' };
      const changed = await befriend(tx, now, mine, theirs, both);
      emitTo(emit, changed, friendChanged);
      emitTo(emit, [me, input.to], applicationChanged);
      return { userID: input.to, code: 0, message: '' };
    }
    if (await tx.contacts.getApplication(input.to, me)) throw ParleyError.of('FRIEND_REQUEST_PENDING');
    await tx.contacts.putApplication({
      toID: input.to,
      fromID: me,
      wording: mine.wording,
      source: input.source,
      remark: mine.remark,
      addType: both ? FRIEND_ADD_TYPE.BOTH : FRIEND_ADD_TYPE.SINGLE,
      createdAt: now,
      read: false,
    });
    emitTo(emit, [me, input.to], applicationChanged);
    return { userID: input.to, code: FRIEND_PENDING_CODE, message: 'Waiting for approval' };
  });
}

export { befriend };

/** deleteFriend: Delete_Type_Both (default) also takes me off their list. Not a friend: 31704 for that ID. */
export async function deleteFriends(d: Domain, me: string, input: DeleteFriends): Promise<DeleteFriendsResult> {
  const both = (input.type ?? FRIEND_DELETE_TYPE.BOTH) === FRIEND_DELETE_TYPE.BOTH;
  return commit(d, async (tx, emit) => {
    const result: DeleteFriendsResult = { successUserIDList: [], failureUserIDList: [] };
    const changed: string[] = [];
    for (const id of new Set(input.userIDList)) {
      if (!(await tx.contacts.deleteFriend(me, id))) {
        result.failureUserIDList.push({
          userID: id,
          code: ERRORS.NOT_A_FRIEND.code,
          message: ERRORS.NOT_A_FRIEND.message,
        });
        continue;
      }
      changed.push(me);
      if (both && (await tx.contacts.deleteFriend(id, me))) changed.push(id);
      result.successUserIDList.push({ userID: id, code: 0 });
    }
    emitTo(emit, changed, friendChanged);
    return result;
  });
}

/** checkFriend (CNT5): the relation both ways, or only mine with CheckResult_Type_Single. */
export async function checkFriends(d: Domain, me: string, input: CheckFriends): Promise<CheckFriendsResult> {
  const ids = [...new Set(input.userIDList)];
  const existing = await d.storage.accounts.existing(ids);
  const known = ids.filter((id) => existing.has(id));
  const mine = new Set((await d.storage.contacts.friendRows(me, known)).map((r) => r.friendID));
  const single = input.type === FRIEND_CHECK_TYPE.SINGLE;
  const theirs = single ? new Set<string>() : new Set(await d.storage.contacts.listing(known, me));
  const relation = (id: string) => {
    if (mine.has(id) && theirs.has(id)) return FRIEND_RELATION.BOTH_WAY;
    if (mine.has(id)) return FRIEND_RELATION.A_WITH_B;
    if (theirs.has(id)) return FRIEND_RELATION.B_WITH_A;
    return FRIEND_RELATION.NO_RELATION;
  };
  return {
    successUserIDList: known.map((id) => ({ userID: id, code: 0, relation: relation(id) })),
    failureUserIDList: ids
      .filter((id) => !existing.has(id))
      .map((id) => ({
        userID: id,
        code: ERRORS.FRIEND_ACCOUNT_NOT_FOUND.code,
        message: ERRORS.FRIEND_ACCOUNT_NOT_FOUND.message,
      })),
  };
}

/** updateFriend: my remark for a friend (≤ 96 bytes). */
export async function updateFriend(d: Domain, me: string, userID: string, remark: string): Promise<Friend> {
  if (bytes(remark) > 96) throw ParleyError.of('FRIEND_INVALID_PARAMS', 'remark is longer than 96 bytes');
  return commit(d, async (tx, emit: Emit) => {
    if (!(await tx.contacts.setRemark(me, userID, remark))) throw ParleyError.of('NOT_MY_FRIEND');
    const [row] = await tx.contacts.friendRows(me, [userID]);
    if (!row) throw ParleyError.of('NOT_MY_FRIEND');
    emitTo(emit, [me], friendChanged);
    return toFriend(row, (await profilesOf(tx, [userID])).get(userID));
  });
}
