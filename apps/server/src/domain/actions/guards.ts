import { ParleyError } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { isBlockedBy } from '../contacts/block-cache.ts';
import { speakRefusal } from '../groups/send.ts';
import type { MessageRow, Repos } from '../ports.ts';
import { c2cUsers, groupIDOfKey } from './target.ts';

/**
 * A change to a group's messages (modify, cloudCustomData, reaction) is refused as a send is (rule ABU15): a muted
 * member, or an ordinary member while Mute All is on, gets the muted send's 10017. One-to-one keys pass.
 */
export async function refuseMuted(tx: Repos, key: string, userID: string, now: number): Promise<void> {
  const groupID = groupIDOfKey(key);
  if (groupID === undefined) return;
  const group = await tx.groups.get(groupID);
  const member = group && (await tx.groups.getMember(groupID, userID));
  const refused = speakRefusal(member && { ...member, muteAll: group.muteAll, dismissed: group.dismissed }, now);
  if (refused) throw refused;
}

/**
 * Nothing a blocked user does reaches the blocker (rule ABU11): one-to-one, every change the blocked user makes in
 * the pair's conversation (their own messages or the blocker's) is refused with the send's 20007; in a group, a
 * change to a message the blocker sent. Changes the blocker makes are not limited (TIM's blocklist is one-way).
 */
export async function refuseBlocked(d: Domain, key: string, actor: string, row: MessageRow): Promise<void> {
  const [a, b] = c2cUsers(key);
  const owner = a !== undefined && b !== undefined ? (a === actor ? b : a) : row.sender;
  if (await isBlockedBy(d, owner, actor)) throw ParleyError.of('BLOCKED_BY_RECIPIENT');
}
