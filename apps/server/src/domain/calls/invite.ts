import {
  CALL_ACTION,
  CALL_BUSY_MARKER,
  CALL_LIMITS,
  CALL_SIGNAL,
  CALL_STATE,
  GROUP_ROLE,
  INVITEE_STATE,
  type Invite,
  type InviteInGroup,
  ParleyError,
} from '@parley/protocol';
import { refuseIfBlocked } from '../contacts/blacklist.ts';
import { type Domain, nowSeconds } from '../context.ts';
import { liveGroup } from '../groups/access.ts';
import { afterStep } from './actions.ts';
import type { CallRow } from './ports.ts';
import { leaveRecord } from './records.ts';
import { type SignalStep, tell } from './signals.ts';
import { opened } from './state.ts';
import { callTypeOf, serverData } from './view.ts';

/** SIG8: seconds asked, 30 when none; 0 ("no timeout" in TIM) is the longest a call may ring. */
const ringSeconds = (timeout: number | undefined) =>
  timeout === undefined ? CALL_LIMITS.defaultTimeoutSeconds : timeout === 0 ? CALL_LIMITS.maxTimeoutSeconds : timeout;

/** SIG26: a one-to-one invitation goes to an existing user other than me who has not blocked me. */
async function checkPeer(d: Domain, me: string, userID: string): Promise<void> {
  if (userID === me) throw ParleyError.of('INVALID_PARAMS', 'You cannot call yourself');
  if (!(await d.storage.profiles.get(userID))) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  const blocked = refuseIfBlocked(d, me, userID);
  if (blocked) await blocked;
}

/**
 * SIG27 (seed 000 §5): a group call is started by a member who may speak, and invites current members other than
 * the caller who are not muted; under Mute All only the owner and admins may be invited.
 */
async function checkGroup(d: Domain, me: string, input: InviteInGroup): Promise<string[]> {
  const invitees = [...new Set(input.inviteeList)];
  if (invitees.includes(me)) throw ParleyError.of('INVALID_PARAMS', 'You cannot invite yourself');
  const group = await liveGroup(d.storage, input.groupID, false);
  const now = nowSeconds(d);
  const members = await d.storage.groups.membersByID(input.groupID, [me, ...invitees]);
  const byID = new Map(members.map((m) => [m.userID, m]));
  const silenced = (userID: string) => {
    const m = byID.get(userID);
    if (!m) return false;
    const manager = m.role === GROUP_ROLE.OWNER || m.role === GROUP_ROLE.ADMIN;
    return m.muteUntil > now || (group.muteAll && !manager);
  };
  if (!byID.has(me)) throw ParleyError.of('GROUP_NO_PERMISSION', 'Only members may start a group call');
  if (silenced(me)) throw ParleyError.of('GROUP_MUTED');
  const outside = invitees.filter((u) => !byID.has(u));
  if (outside.length > 0) throw ParleyError.of('GROUP_MEMBER_NOT_FOUND', undefined, { userIDList: outside });
  const muted = invitees.filter(silenced);
  if (muted.length > 0) throw ParleyError.of('SIGNALING_INVITEE_MUTED', undefined, { userIDList: muted });
  return invitees;
}

/**
 * invite and inviteInGroup (reference §8; SIG3–SIG10, SIG14): the invitation and its invitees are stored in one
 * transaction (an inviteID used before: 8012), its timer armed on this node, its record left in the conversation
 * and every participant told. Invitees already in a call are answered busy by the server at once (SIG14).
 */
export async function invite(d: Domain, me: string, input: Invite | InviteInGroup): Promise<{ inviteID: string }> {
  const inGroup = 'groupID' in input;
  const invitees = inGroup ? await checkGroup(d, me, input) : [input.userID];
  if (!inGroup) await checkPeer(d, me, input.userID);
  const now = d.clock.now();
  const data = input.data ?? '';
  const timeout = ringSeconds(input.timeout);
  const row: CallRow = {
    inviteID: input.inviteID,
    inviter: me,
    groupID: inGroup ? input.groupID : '',
    data,
    timeout,
    onlineOnly: input.onlineUserOnly === true,
    callType: callTypeOf(data),
    state: CALL_STATE.RINGING,
    createdAt: now,
    deadline: now + timeout * 1000,
    acceptedAt: 0,
    endedAt: 0,
    endReason: '',
    inviterIn: true,
  };
  const stored = await d.storage.transaction(async (tx) => {
    const busy = new Set(await tx.calls.busyAmong(invitees));
    const first = opened(row, invitees, busy, now);
    if (!(await tx.calls.insertCall(first.call, first.invitees))) throw ParleyError.of('SIGNALING_INVITE_EXISTS');
    return { call: first.call, invitees: first.invitees, end: first.end };
  });
  const s = { call: stored.call, invitees: stored.invitees };
  if (stored.call.state !== CALL_STATE.ENDED) afterStep(d, s);
  const busyList = s.invitees.filter((i) => i.state === INVITEE_STATE.BUSY).map((i) => i.userID);
  const busyData = serverData(row, { line_busy: CALL_BUSY_MARKER });
  await leaveRecord(d, row, { from: me, actionType: CALL_ACTION.INVITE, inviteeList: invitees, data, tag: 'invite' });
  for (const userID of busyList)
    await leaveRecord(
      d,
      row,
      {
        from: userID,
        actionType: CALL_ACTION.REJECT,
        inviteeList: [userID],
        data: busyData,
        tag: 'busy',
      },
      me,
    );
  const steps: SignalStep[] = [{ action: CALL_SIGNAL.INVITE, actor: me, inviteeList: invitees, data }];
  for (const userID of busyList)
    steps.push({ action: CALL_SIGNAL.REJECT, actor: userID, inviteeList: [userID], data: busyData, busy: true });
  if (stored.end)
    steps.push({
      action: CALL_SIGNAL.END,
      actor: me,
      inviteeList: [],
      data: '',
      callEnd: 0,
      reason: stored.end.reason,
    });
  tell(d, s, steps);
  return { inviteID: input.inviteID };
}
