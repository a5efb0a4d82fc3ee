import { type AccountDeleted, GROUP_ROLE, GROUP_TYPE, ParleyError } from '@parley/protocol';
import { pagesChanged } from '../actions/target.ts';
import { throttleSubject } from '../auth/login-throttle.ts';
import { revokeUserSigs } from '../auth/session-actions.ts';
import { deleteFriends } from '../contacts/friends.ts';
import { type Domain, nowSeconds } from '../context.ts';
import { dismissGroup } from '../groups/lifecycle.ts';
import { changeOwner } from '../groups/manage.ts';
import { quitGroup } from '../groups/membership.ts';
import { removeFiles } from '../uploads/quota.ts';
import type { FileStore, UploadLedger } from '../uploads/ports.ts';
import type { PersonalDataStore } from './personal-data-ports.ts';

export interface ErasureParts {
  store: PersonalDataStore;
  files: FileStore;
  ledger: UploadLedger | undefined;
}

const FRIEND_BATCH = 100;

/**
 * Deletes an account (decision 0051, PDAT9–PDAT16), in the order that leaves nothing half done for the user to see:
 * every userSig and session ends first and every socket is closed (PDAT11), so the user can no longer act; then they
 * leave their groups as a member would, each owned group going to another member or, owned alone, dismissed
 * (PDAT15); friendships end both ways with the usual pushes; their uploads are deleted (PDAT14); the rest is erased in
 * one transaction (PDAT12, PDAT13). A run cut half way is finished by running it again.
 */
export async function deleteAccount(d: Domain, parts: ErasureParts, userID: string): Promise<AccountDeleted> {
  if (!(await d.storage.accounts.get(userID))) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  await revokeUserSigs(d, userID);
  const result: AccountDeleted = { userID, groupsTransferred: [], groupsDismissed: [], filesDeleted: 0 };
  for (const seat of await parts.store.seats(userID)) {
    try {
      await leaveGroup(d, parts.store, userID, seat.groupID, seat.role, seat.type, result);
    } catch (err) {
      // A group rule refused the usual way out (an audio-video room's owner, say): the erasure below still removes
      // the membership; the group keeps going without them.
      d.onPublishError(err);
    }
  }
  const friends = await parts.store.friendIDs(userID);
  for (let i = 0; i < friends.length; i += FRIEND_BATCH) {
    await deleteFriends(d, userID, { userIDList: friends.slice(i, i + FRIEND_BATCH), type: 'Delete_Type_Both' });
  }
  if (parts.ledger) {
    const owned = await parts.ledger.filesOf(userID);
    await removeFiles(parts.ledger, parts.files, owned);
    result.filesDeleted = owned.length;
  }
  const touched = await parts.store.erase(userID, nowSeconds(d));
  for (const key of touched) pagesChanged(d, key);
  return result;
}

async function leaveGroup(
  d: Domain,
  store: PersonalDataStore,
  userID: string,
  groupID: string,
  role: string,
  type: string,
  result: AccountDeleted,
): Promise<void> {
  if (role !== GROUP_ROLE.OWNER) {
    await quitGroup(d, userID, groupID);
    return;
  }
  const heir = await store.successor(groupID, userID);
  if (!heir) {
    // Alone in it: a Work group ends when its last member leaves; the others are dismissed as their owner would.
    if (type === GROUP_TYPE.WORK) await quitGroup(d, userID, groupID);
    else await dismissGroup(d, userID, groupID);
    result.groupsDismissed.push(groupID);
    return;
  }
  await changeOwner(d, userID, groupID, heir);
  result.groupsTransferred.push({ groupID, newOwnerID: heir });
  await quitGroup(d, userID, groupID);
}

/**
 * The user deletes their own account (PDAT9): only with their password, throttled like a sign-in (a stolen userSig
 * alone cannot delete an account). An account without a password (made by an application's backend through the
 * admin API) is deleted by that backend (PDAT8).
 */
export async function deleteOwnAccount(
  d: Domain,
  parts: ErasureParts,
  userID: string,
  password: string,
  address: string,
): Promise<AccountDeleted> {
  const account = await d.storage.accounts.get(userID);
  const admission = await d.throttle.admit(throttleSubject(userID, userID), address);
  const ok = await d.throttle.check(password, account?.passwordHash ?? undefined);
  if (!account || !ok) throw ParleyError.of('WRONG_CREDENTIALS');
  await d.throttle.succeeded(admission);
  return deleteAccount(d, parts, userID);
}
