import { GROUP_NOTICE_TYPE, GROUP_ROLE, type Group, HANDLE_ACTION, ParleyError } from '@parley/protocol';
import { type Domain, userTopic } from '../context.ts';
import { deny, liveGroup } from './access.ts';
import { writeMemberTip } from './churn.ts';
import { emitChanged, type GroupTx, writeNotice } from './events.ts';
import { addMemberRow, groupCommit } from './members.ts';
import type { GroupRow } from './ports.ts';
import { groupFor } from './queries.ts';

/**
 * Invitations that wait for the invitee (rule GRP23): under `inviteOption: NeedPermission` addGroupMember adds no one;
 * each invitee gets an invitation (notice 12 from the inviter) and becomes a member only by accepting it. Inviting
 * someone whose invitation is still pending tells nobody again. Returns the users now waiting.
 */
export async function inviteMembers(
  g: GroupTx,
  group: GroupRow,
  inviter: string,
  userIDs: readonly string[],
): Promise<string[]> {
  for (const invitee of userIDs) {
    const pending = await g.tx.groups.getApplication(group.groupID, invitee);
    // The invitation the invitee was told about stays as it is (its inviter hears the answer).
    if (pending?.status === 'pending') continue;
    await g.tx.groups.putApplication({
      groupID: group.groupID,
      applicant: invitee,
      message: '',
      createdAt: g.now,
      status: 'pending',
      handledBy: '',
      kind: 'invite',
      inviter,
    });
    await writeNotice(g, invitee, group, inviter, { operationType: GROUP_NOTICE_TYPE.INVITE_REQUEST });
  }
  return [...userIDs];
}

/**
 * handleGroupInvitation (GRP23): only the invitee answers, once (a second answer 10024; there is no invitation:
 * 10007). Agree makes it a member (tip 1, `group.changed`); the inviter and the owner and admins get notice 13
 * (agreed) or 14 (refused) carrying the invitee's `handleMessage`, and `group.application-handled` for their views.
 */
export async function handleInvitation(
  d: Domain,
  userID: string,
  groupID: string,
  input: { handleAction: string; handleMessage?: string | undefined },
): Promise<{ group?: Group }> {
  const agree = input.handleAction === HANDLE_ACTION.AGREE;
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    const invitation = await g.tx.groups.getApplication(groupID, userID);
    if (invitation?.kind !== 'invite') deny('You have no invitation to this group');
    if (invitation.status !== 'pending') throw ParleyError.of('GROUP_APPLICATION_HANDLED');
    await g.tx.groups.putApplication({ ...invitation, status: input.handleAction, handledBy: userID });
    if (agree && !(await g.tx.groups.getMember(groupID, userID))) {
      await addMemberRow(g, group, userID, GROUP_ROLE.MEMBER);
      await writeMemberTip(g, group, userID, userID, 'join');
      emitChanged(g, userID, groupID, true);
    }
    const told = new Set([invitation.inviter, ...(await g.tx.groups.managers(groupID))]);
    told.delete(userID);
    for (const to of told) {
      // An inviter who has left the group since still hears the answer to its own invitation.
      await writeNotice(g, to, group, userID, {
        operationType: agree ? GROUP_NOTICE_TYPE.INVITE_AGREED : GROUP_NOTICE_TYPE.INVITE_REFUSED,
        handleMessage: input.handleMessage ?? '',
      });
    }
    // The invitee's other devices turn the invitation into 'already handled'.
    g.emit(userTopic(userID), {
      type: 'group.application-handled',
      groupID,
      applicant: userID,
      handleAction: input.handleAction,
    });
  });
  return agree ? { group: await groupFor(d, groupID, userID) } : {};
}
