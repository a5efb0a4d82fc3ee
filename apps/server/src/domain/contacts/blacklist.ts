import { CONTACT_LIMITS, ParleyError } from '@parley/protocol';
import { commit, type Domain, nowSeconds } from '../context.ts';
import { applied, blocklistChanged, whenBlocked } from './block-cache.ts';
import { applicationChanged, emitTo, friendChanged } from './events.ts';

export function getBlacklist(d: Domain, me: string): Promise<string[]> {
  return d.storage.contacts.blacklist(me);
}

/**
 * addToBlacklist (CNT7): refuses the whole list when it names me (2742) or an unknown user (30003), so nothing is
 * half-applied. Blocking ends the friendship both ways and drops requests between the two, as TIM does.
 */
export async function addToBlacklist(d: Domain, me: string, userIDList: readonly string[]): Promise<string[]> {
  const ids = [...new Set(userIDList)];
  if (ids.includes(me)) throw ParleyError.of('CANNOT_ADD_SELF_TO_BLACKLIST');
  const now = nowSeconds(d);
  return commit(d, async (tx, emit) => {
    const existing = await tx.accounts.existing(ids);
    const unknown = ids.filter((id) => !existing.has(id));
    if (unknown.length > 0) throw ParleyError.of('FRIEND_ACCOUNT_NOT_FOUND', `The user does not exist: ${unknown[0]}`);
    const before = await tx.contacts.blacklist(me);
    const fresh = ids.filter((id) => !before.includes(id));
    if (before.length + fresh.length > CONTACT_LIMITS.blacklist) {
      throw ParleyError.of('FRIEND_INVALID_PARAMS', `A blocklist holds at most ${CONTACT_LIMITS.blacklist} users`);
    }
    await tx.contacts.block(me, fresh, now);
    const friendsChanged: string[] = [];
    const requestsChanged: string[] = [];
    for (const id of fresh) {
      if (await tx.contacts.deleteFriend(me, id)) friendsChanged.push(me);
      if (await tx.contacts.deleteFriend(id, me)) friendsChanged.push(id);
      const a = await tx.contacts.deleteApplication(me, id);
      const b = await tx.contacts.deleteApplication(id, me);
      if (a || b) requestsChanged.push(me, id);
    }
    const after = await tx.contacts.blacklist(me);
    emitTo(emit, friendsChanged, friendChanged);
    emitTo(emit, requestsChanged, applicationChanged);
    // Before the user's event: a node that delivered that event has already updated its copy (one bus, in order).
    blocklistChanged(emit, me, after);
    if (fresh.length > 0) emitTo(emit, [me], { type: 'blacklist.changed', blacklist: after });
    return after;
  }).then((after) => applied(d, me, after));
}

export async function removeFromBlacklist(d: Domain, me: string, userIDList: readonly string[]): Promise<string[]> {
  return commit(d, async (tx, emit) => {
    const before = await tx.contacts.blacklist(me);
    const gone = [...new Set(userIDList)].filter((id) => before.includes(id));
    await tx.contacts.unblock(me, gone);
    const after = await tx.contacts.blacklist(me);
    blocklistChanged(emit, me, after);
    if (gone.length > 0) emitTo(emit, [me], { type: 'blacklist.changed', blacklist: after });
    return after;
  }).then((after) => applied(d, me, after));
}

/**
 * The send path's one blocklist check (CNT8): a blocked sender's one-to-one message never reaches the blocker (20007).
 * It reads the node's copy of every blocklist (block-cache.ts), so a send waits for no query and sends that arrive
 * together still commit together (SP1); only the node's very first sends wait for the copy to load.
 */
export function refuseIfBlocked(d: Domain, sender: string, receiver: string): Promise<void> | undefined {
  if (sender === receiver) return undefined;
  return whenBlocked(d, receiver, sender, () => {
    throw ParleyError.of('BLOCKED_BY_RECIPIENT');
  });
}
