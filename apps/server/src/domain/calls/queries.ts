import { type CallInvitation, type MediaSignal, ParleyError } from '@parley/protocol';
import { type Domain, userTopic } from '../context.ts';
import { isIn, isParticipant } from './state.ts';
import { toInvitation } from './view.ts';

/** GET /calls/ringing (SIG25): what rings for me now, so a device that connects during the ring rings too. */
export async function ringingFor(d: Domain, me: string): Promise<CallInvitation[]> {
  const now = d.clock.now();
  return (await d.storage.calls.ringingFor(me)).filter((s) => s.call.deadline > now).map(toInvitation);
}

/** GET /calls/:inviteID: one invitation, to its participants only (8010 unknown, 8011 not mine; SIG29). */
export async function invitationFor(d: Domain, me: string, inviteID: string): Promise<CallInvitation> {
  const s = await d.storage.calls.getCall(inviteID);
  if (!s) throw ParleyError.of('SIGNALING_INVALID_INVITE_ID');
  if (!isParticipant(s, me)) throw ParleyError.of('SIGNALING_NO_PERMISSION');
  return toInvitation(s);
}

/**
 * sendCallMediaSignal (SIG31–SIG36): relayed, never stored, to the other user's devices on every node, only while
 * the invitation rings or is accepted and both users are in it (the inviter not gone, an invitee invited or
 * accepted). Anything else is 8011, and an unknown invitation 8010.
 */
export async function relayMediaSignal(d: Domain, me: string, input: MediaSignal): Promise<Record<string, never>> {
  const s = await d.storage.calls.getCall(input.inviteID);
  if (!s) throw ParleyError.of('SIGNALING_INVALID_INVITE_ID');
  if (input.userID === me || !isIn(s, me) || !isIn(s, input.userID))
    throw ParleyError.of('SIGNALING_NO_PERMISSION', 'Media signals go between two participants of a live call');
  await d.bus.publish(userTopic(input.userID), {
    type: 'call.media',
    inviteID: input.inviteID,
    fromUserID: me,
    data: input.data,
  });
  return {};
}
