import type { CallSignalAction, CallEndReason } from './constants.ts';
import type { CallInvitation } from './schemas.ts';

/**
 * Calls signalling push events (SIG24). Every step goes to every participant's devices (the inviter's and each
 * invitee's), whatever node they are on; the SDK turns it into TSignaling events. Push is a hint: a device that
 * connects or reconnects while an invitation rings reads `GET /calls/ringing` (SIG25).
 */
export type CallPushEvent =
  | {
      type: 'call.signal';
      action: CallSignalAction;
      /** Who acted: the inviter (invite, cancel, modify, timeout), an invitee (accept, reject), a leaver. */
      actor: string;
      /** The invitation after the step. */
      invitation: CallInvitation;
      /** The invitees this step concerns (timeout, cancel: those who were still invited; accept, reject: the actor). */
      inviteeList: string[];
      /** The step's data (the answer's, or what the server wrote for busy, timeout and the end). */
      data: string;
      /** reject only: the server answered for a user already in a call (SIG14). */
      busy?: boolean;
      /** end only: seconds from the first accept to the end (SIG19). */
      callEnd?: number;
      /** end only. */
      reason?: CallEndReason;
    }
  /** A relayed media signal (Parley, SIG31): to the named participant's devices only. */
  | { type: 'call.media'; inviteID: string; fromUserID: string; data: string };
