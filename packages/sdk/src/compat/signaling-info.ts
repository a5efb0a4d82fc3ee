import { TYPES } from '../constants/types.ts';

/**
 * `TencentCloudChat.TSignaling` (reference §1, §8): the signalling event names. The reference gives the values;
 * the keys are the reference SDK's constant names for them.
 */
export const TSignaling = {
  NEW_INVITATION_RECEIVED: 'newInvitationReceived',
  INVITEE_ACCEPTED: 'ts_invitee_accepted',
  INVITEE_REJECTED: 'ts_invitee_rejected',
  INVITATION_CANCELLED: 'ts_invitation_cancelled',
  INVITATION_TIMEOUT: 'ts_invitation_timeout',
  INVITATION_MODIFIED: 'ts_invitation_modified',
  // Parley extensions (docs/COMPATIBILITY.md; decision 0038)
  /** A relayed WebRTC signal (SDP, ICE) from another participant: `{inviteID, fromUserID, data}` (SIG35). */
  PARLEY_MEDIA_SIGNAL: 'parley_media_signal',
  /**
   * This device was ringing and must stop: `{inviteID, reason}`, reason 'accepted_elsewhere', 'rejected_elsewhere',
   * 'cancelled', 'timeout', 'left' or 'ended' (SIG22).
   */
  PARLEY_RINGING_STOPPED: 'parley_ringing_stopped',
  /** A participant hung up or left the group: `{inviteID, inviter, groupID, userID, data}` (SIG20, SIG28). */
  PARLEY_PARTICIPANT_LEFT: 'parley_participant_left',
  /** The call is over: `{inviteID, inviter, groupID, userID, callEnd, reason}` (SIG19). */
  PARLEY_CALL_ENDED: 'parley_call_ended',
} as const;

/** What getSignalingInfo returns for a signalling message (reference §8: `Signaling`). */
export interface SignalingInfo {
  businessID: 1;
  inviteID: string;
  inviter: string;
  /** 1 invite, 2 cancel, 3 accept, 4 reject, 5 timeout (0 unknown). */
  actionType: number;
  groupID: string;
  inviteeList: string[];
  data: string;
  timeout: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the signalling record a custom message carries (`payload.data` is JSON with `businessID: 1`). Anything
 * else, of any shape, is not a signalling message: null, never an exception (decision 0014), because applications
 * call this on every custom message they receive.
 */
export function readSignalingInfo(message: unknown): SignalingInfo | null {
  if (!isRecord(message) || message.type !== TYPES.MSG_CUSTOM || !isRecord(message.payload)) return null;
  const raw = message.payload.data;
  if (typeof raw !== 'string' || !raw.includes('businessID')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.businessID !== 1) return null;
  const { inviteID, inviter, actionType, groupID, inviteeList, data, timeout } = parsed;
  if (typeof inviteID !== 'string' || inviteID === '') return null;
  if (typeof actionType !== 'number' || !Number.isInteger(actionType) || actionType < 0 || actionType > 5) return null;
  return {
    businessID: 1,
    inviteID,
    inviter: typeof inviter === 'string' ? inviter : '',
    actionType,
    groupID: typeof groupID === 'string' ? groupID : '',
    inviteeList: Array.isArray(inviteeList) ? inviteeList.filter((u): u is string => typeof u === 'string') : [],
    data: typeof data === 'string' ? data : '',
    timeout: typeof timeout === 'number' && Number.isFinite(timeout) ? timeout : 0,
  };
}
