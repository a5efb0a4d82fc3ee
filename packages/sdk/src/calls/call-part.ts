/** One ChatSDK's signalling state: its listeners, the invitations ringing on this device, and the push → events. */
import {
  CALL_ROUTES as R,
  CALL_SIGNAL,
  type CallInvitation,
  type CallPushEvent,
  INVITEE_STATE,
  invitationPath,
} from '@parley/protocol';
import { TSignaling } from '../compat/signaling-info.ts';
import { Emitter } from '../core/emitter.ts';
import type { SdkHost } from '../feature/feature.ts';

type SignalEvent = Extract<CallPushEvent, { type: 'call.signal' }>;
type MediaEvent = Extract<CallPushEvent, { type: 'call.media' }>;

export type RingingStopReason =
  | 'accepted_elsewhere'
  | 'rejected_elsewhere'
  | 'cancelled'
  | 'timeout'
  | 'left'
  | 'ended';

const stateOf = (inv: CallInvitation, userID: string) => inv.invitees.find((i) => i.userID === userID)?.state;

/** Why an invitation no longer rings for `me`, from my invitee state (a device that missed the push, SIG25). */
function reasonOf(state: string | undefined): RingingStopReason {
  switch (state) {
    case INVITEE_STATE.ACCEPTED:
      return 'accepted_elsewhere';
    case INVITEE_STATE.REJECTED:
    case INVITEE_STATE.BUSY:
      return 'rejected_elsewhere';
    case INVITEE_STATE.CANCELLED:
      return 'cancelled';
    case INVITEE_STATE.TIMEOUT:
      return 'timeout';
    case INVITEE_STATE.LEFT:
      return 'left';
    default:
      return 'ended';
  }
}

export class CallPart {
  readonly host: SdkHost;
  /** TSignaling listeners, per instance: they outlive logins, like TIM's. */
  readonly listeners: Emitter;
  /** Invitations ringing on this device (NEW_INVITATION_RECEIVED emitted, not answered here). */
  readonly #ringing = new Set<string>();
  /** Invitations this device answered (accept, reject): its own answer's push is not "elsewhere". */
  readonly #answeredHere = new Set<string>();
  #epoch = 0;

  constructor(host: SdkHost) {
    this.host = host;
    this.listeners = new Emitter((name, err) => host.logger.error(`a signalling handler of "${name}" threw:`, err));
  }

  answering(inviteID: string): void {
    this.#answeredHere.add(inviteID);
    this.#ringing.delete(inviteID);
  }

  answerFailed(inviteID: string): void {
    this.#answeredHere.delete(inviteID);
  }

  #emit(name: string, data: unknown): void {
    this.listeners.emit(name, data);
  }

  #ring(inv: CallInvitation): void {
    if (this.#ringing.has(inv.inviteID) || this.#answeredHere.has(inv.inviteID)) return;
    this.#ringing.add(inv.inviteID);
    this.#emit(TSignaling.NEW_INVITATION_RECEIVED, {
      inviteID: inv.inviteID,
      inviter: inv.inviter,
      groupID: inv.groupID,
      inviteeList: [...inv.inviteeList],
      data: inv.data,
      timeout: inv.timeout,
    });
  }

  #stopRinging(inviteID: string, reason: RingingStopReason): void {
    if (!this.#ringing.delete(inviteID)) return;
    this.#emit(TSignaling.PARLEY_RINGING_STOPPED, { inviteID, reason });
  }

  /** A `call.signal` push (SIG24): which TSignaling event this device sees depends on who it is in the call. */
  signal(event: SignalEvent): void {
    const me = this.host.me();
    const inv = event.invitation;
    const base = { inviteID: inv.inviteID, inviter: inv.inviter, groupID: inv.groupID };
    const concernsMe = event.inviteeList.includes(me);
    switch (event.action) {
      case CALL_SIGNAL.INVITE:
        if (inv.inviter !== me && stateOf(inv, me) === INVITEE_STATE.INVITED) this.#ring(inv);
        return;
      case CALL_SIGNAL.ACCEPT:
      case CALL_SIGNAL.REJECT: {
        const accepted = event.action === CALL_SIGNAL.ACCEPT;
        if (event.actor === me) {
          // One of my devices answered (SIG21): the others stop ringing, this one already knows.
          if (!this.#answeredHere.has(inv.inviteID))
            this.#stopRinging(inv.inviteID, accepted ? 'accepted_elsewhere' : 'rejected_elsewhere');
          return;
        }
        const name = accepted ? TSignaling.INVITEE_ACCEPTED : TSignaling.INVITEE_REJECTED;
        this.#emit(name, {
          ...base,
          invitee: event.actor,
          inviteeList: [event.actor],
          data: event.data,
          ...(accepted ? {} : { busy: event.busy === true }),
        });
        return;
      }
      case CALL_SIGNAL.CANCEL:
        if (!concernsMe) return;
        this.#stopRinging(inv.inviteID, 'cancelled');
        this.#emit(TSignaling.INVITATION_CANCELLED, { ...base, inviteeList: event.inviteeList, data: event.data });
        return;
      case CALL_SIGNAL.TIMEOUT:
        if (!concernsMe && inv.inviter !== me) return;
        this.#stopRinging(inv.inviteID, 'timeout');
        this.#emit(TSignaling.INVITATION_TIMEOUT, {
          ...base,
          inviteeList: event.inviteeList,
          data: event.data,
          isSelfTimeout: concernsMe,
        });
        return;
      case CALL_SIGNAL.MODIFY:
        if (event.actor !== me) this.#emit(TSignaling.INVITATION_MODIFIED, { ...base, data: event.data });
        return;
      case CALL_SIGNAL.LEAVE:
        if (event.actor === me) this.#stopRinging(inv.inviteID, 'left');
        this.#emit(TSignaling.PARLEY_PARTICIPANT_LEFT, { ...base, userID: event.actor, data: event.data });
        return;
      case CALL_SIGNAL.END:
        this.#stopRinging(inv.inviteID, 'ended');
        this.#emit(TSignaling.PARLEY_CALL_ENDED, {
          ...base,
          userID: event.actor,
          callEnd: event.callEnd ?? 0,
          reason: event.reason ?? '',
        });
        return;
    }
  }

  media(event: MediaEvent): void {
    this.#emit(TSignaling.PARLEY_MEDIA_SIGNAL, {
      inviteID: event.inviteID,
      fromUserID: event.fromUserID,
      data: event.data,
    });
  }

  /**
   * After login and every reconnect (push is a hint, SIG25): what rings for me now rings here too, and what rang
   * here but no longer does stops, with the reason my invitee state gives.
   */
  async catchUp(): Promise<void> {
    const epoch = this.#epoch;
    const { invitationList } = await this.host.http.get<{ invitationList: CallInvitation[] }>(R.ringing);
    if (epoch !== this.#epoch) return;
    const me = this.host.me();
    const now = new Set(invitationList.map((i) => i.inviteID));
    for (const inviteID of [...this.#ringing]) {
      if (now.has(inviteID)) continue;
      const inv = await this.host.http.get<CallInvitation>(invitationPath(inviteID)).catch(() => undefined);
      if (epoch !== this.#epoch) return;
      this.#stopRinging(inviteID, reasonOf(inv ? stateOf(inv, me) : undefined));
    }
    for (const inv of invitationList) if (stateOf(inv, me) === INVITEE_STATE.INVITED) this.#ring(inv);
  }

  refresh(): void {
    this.catchUp().catch((err: unknown) => this.host.logger.warn('ringing invitations read failed:', err));
  }

  reset(): void {
    this.#epoch += 1;
    this.#ringing.clear();
    this.#answeredHere.clear();
  }
}
