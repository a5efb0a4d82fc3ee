import {
  type AcceptApplication,
  type DeleteApplication,
  FRIEND_APPLICATION_TYPE,
  FRIEND_RESPONSE,
  type FriendApplicationList,
  ParleyError,
} from '@parley/protocol';
import { commit, type Domain, nowSeconds } from '../context.ts';
import { applicationChanged, emitTo, friendChanged } from './events.ts';
import { befriend } from './friends.ts';
import { profilesOf, toApplication } from './views.ts';

/** getFriendApplicationList: requests to me and from me, newest first; unreadCount counts those to me unseen. */
export async function getApplications(d: Domain, me: string): Promise<FriendApplicationList> {
  const rows = await d.storage.contacts.applications(me);
  const profiles = await profilesOf(
    d.storage,
    rows.map((r) => (r.toID === me ? r.fromID : r.toID)),
  );
  return {
    friendApplicationList: rows.map((r) => toApplication(r, me, profiles)),
    unreadCount: rows.filter((r) => r.toID === me && !r.read).length,
  };
}

/**
 * acceptFriendApplication (CNT4): only a request that was sent to me (30614 otherwise). The requester lists me;
 * with Response_Action_AgreeAndAdd (the default) I list them too.
 */
export async function acceptApplication(d: Domain, me: string, input: AcceptApplication): Promise<{ userID: string }> {
  const now = nowSeconds(d);
  return commit(d, async (tx, emit) => {
    const request = await tx.contacts.getApplication(me, input.userID);
    if (!request) throw ParleyError.of('FRIEND_APPLICATION_NOT_FOUND');
    const both = (input.type ?? FRIEND_RESPONSE.AGREE_AND_ADD) === FRIEND_RESPONSE.AGREE_AND_ADD;
    const requester = { id: request.fromID, remark: request.remark, source: request.source, wording: request.wording };
    const mine = { id: me, remark: input.remark ?? '', source: request.source, wording: '' };
    const changed = await befriend(tx, now, requester, mine, both);
    emitTo(emit, changed, friendChanged);
    emitTo(emit, [me, input.userID], applicationChanged);
    return { userID: input.userID };
  });
}

/** refuseFriendApplication: only a request that was sent to me (30614 otherwise); it is removed for both. */
export async function refuseApplication(d: Domain, me: string, userID: string): Promise<{ userID: string }> {
  return commit(d, async (tx, emit) => {
    if (!(await tx.contacts.deleteApplication(me, userID))) throw ParleyError.of('FRIEND_APPLICATION_NOT_FOUND');
    emitTo(emit, [me, userID], applicationChanged);
    return { userID };
  });
}

/** deleteFriendApplication: a request to me (ComeIn) or one I sent (SendOut, a withdrawal). */
export async function deleteApplication(
  d: Domain,
  me: string,
  input: DeleteApplication,
): Promise<Record<string, never>> {
  const incoming = input.type === FRIEND_APPLICATION_TYPE.SENT_TO_ME;
  return commit(d, async (tx, emit) => {
    const deleted = incoming
      ? await tx.contacts.deleteApplication(me, input.userID)
      : await tx.contacts.deleteApplication(input.userID, me);
    if (!deleted) throw ParleyError.of('FRIEND_APPLICATION_NOT_FOUND');
    emitTo(emit, [me, input.userID], applicationChanged);
    return {};
  });
}

/** setFriendApplicationRead: the requests to me count as seen (unreadCount 0). */
export async function readApplications(d: Domain, me: string): Promise<Record<string, never>> {
  return commit(d, async (tx, emit) => {
    if ((await tx.contacts.markApplicationsRead(me)) > 0) emitTo(emit, [me], applicationChanged);
    return {};
  });
}
