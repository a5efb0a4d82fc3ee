/**
 * Calls signalling (reference §8; seed 000 §3–§5; decision 0038). The values a signalling record carries in a
 * custom message (`payload.data`, `businessID` 1), the states of an invitation and of each invitee, and the limits.
 */

/** `businessID` of a signalling record (seed 000 §3 "Business IDs: 1 (call)"). */
export const CALL_BUSINESS_ID = 1;
/** `version` of the records the server writes (TUICallKit's call records carry 4). */
export const CALL_RECORD_VERSION = 4;

/** `actionType` of a signalling record (reference §8; seed 000 §3). 0 is "unknown" and never written. */
export const CALL_ACTION = { INVITE: 1, CANCEL: 2, ACCEPT: 3, REJECT: 4, TIMEOUT: 5 } as const;
export type CallActionType = (typeof CALL_ACTION)[keyof typeof CALL_ACTION];

/** `call_type` (seed 000 §7 "type 1 voice or 2 video"); 0 when the invitation's data names none. */
export const CALL_TYPE = { UNKNOWN: 0, VOICE: 1, VIDEO: 2 } as const;

/**
 * The busy marker (SIG14): a reject the server answers for a user already in a call carries
 * `"line_busy": "line_busy"` in its data, the marker TUICallKit's call records use, so a caller can name it.
 */
export const CALL_BUSY_MARKER = 'line_busy';

/** An invitation's state: ringing until someone accepts or every invitee is done; ended once over (SIG5). */
export const CALL_STATE = { RINGING: 'ringing', ACCEPTED: 'accepted', ENDED: 'ended' } as const;
export type CallState = (typeof CALL_STATE)[keyof typeof CALL_STATE];

/** One invitee's state (SIG6): invited, then exactly one of the others; `left` only after accepting. */
export const INVITEE_STATE = {
  INVITED: 'invited',
  ACCEPTED: 'accepted',
  REJECTED: 'rejected',
  BUSY: 'busy',
  CANCELLED: 'cancelled',
  TIMEOUT: 'timeout',
  LEFT: 'left',
} as const;
export type InviteeState = (typeof INVITEE_STATE)[keyof typeof INVITEE_STATE];

/** How a call ended, as its last record says (SIG19): the one line a conversation shows for it. */
export const CALL_END_REASON = {
  HANGUP: 'hangup',
  CANCELLED: 'cancelled',
  REJECTED: 'rejected',
  BUSY: 'busy',
  TIMEOUT: 'timeout',
} as const;
export type CallEndReason = (typeof CALL_END_REASON)[keyof typeof CALL_END_REASON];

/** What a push `call.signal` reports (SIG24). */
export const CALL_SIGNAL = {
  INVITE: 'invite',
  ACCEPT: 'accept',
  REJECT: 'reject',
  CANCEL: 'cancel',
  TIMEOUT: 'timeout',
  MODIFY: 'modify',
  /** A participant of an accepted call hung up or left the group (SIG20, SIG28). */
  LEAVE: 'leave',
  /** The call is over (the last participant but one left): `callEnd` seconds (SIG19). */
  END: 'end',
} as const;
export type CallSignalAction = (typeof CALL_SIGNAL)[keyof typeof CALL_SIGNAL];

export const CALL_LIMITS = {
  /** Seconds an invitation rings when the caller names no timeout (TUICallKit's 30). */
  defaultTimeoutSeconds: 30,
  /** The longest an invitation may ring; `timeout: 0` ("no timeout" in TIM) rings this long (SIG8). */
  maxTimeoutSeconds: 3600,
  /** Bytes of an invitation's or an answer's `data` (it travels in a message: under the 8 KB message limit). */
  dataBytes: 4096,
  /** Characters of one media signal's `data` (SDP or ICE as JSON; SIG33). */
  mediaSignalChars: 16_384,
  /** Invitees of one group invitation. */
  groupInvitees: 50,
} as const;
