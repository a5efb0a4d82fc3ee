import type { CallActionType } from './constants.ts';

/**
 * The signalling record a call step leaves in its conversation (SIG15): a custom message whose `payload.data` is
 * this object as JSON. The field names are the seed's (000 §3 "Custom data") and TIM's signalling message's;
 * `getSignalingInfo(message)` reads it back (SIG18). `call_type` and, on the final record of an accepted call,
 * `call_end` are at the top level and inside `data` (when `data` is a JSON object), where TUICallKit reads them.
 */
export interface CallRecord {
  businessID: 1;
  version: number;
  inviteID: string;
  inviter: string;
  actionType: CallActionType;
  inviteeList: string[];
  /** '' for a one-to-one call. */
  groupID: string;
  timeout: number;
  data: string;
  call_type: number;
  /** Seconds the accepted call lasted; only on its final record (actionType 1, as TUICallKit writes it). */
  call_end?: number;
}
