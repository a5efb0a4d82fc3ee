import { CALL_ROUTES as R } from '@parley/protocol';
import { readSignalingInfo, type SignalingInfo } from '../compat/signaling-info.ts';
import type { EventHandler } from '../core/emitter.ts';
import { type ChatResponse, ok, toChatError } from '../core/errors.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import { CallPart } from './call-part.ts';
import {
  type AnswerOptions,
  checkAnswer,
  checkInvite,
  checkInviteInGroup,
  checkMediaSignal,
  type InviteInGroupOptions,
  type InviteOptions,
  inviteBody,
  type MediaSignalOptions,
  newInviteID,
} from './call-params.ts';

type Response<T> = Promise<ChatResponse<T>>;
type Callback = (value: unknown) => void;

function inviteIDFor(part: CallPart): string {
  return newInviteID(part.host.me(), Date.now(), part.host.config.random);
}

async function postInvite(part: CallPart, route: string, inviteID: string, o: InviteOptions | InviteInGroupOptions) {
  await part.host.http.post<{ inviteID: string }>(route, inviteBody(inviteID, o));
  return ok({ inviteID });
}

/** accept and reject: this device's own answer is marked first, so its push is not taken for another device's. */
async function answer(part: CallPart, route: string, o: AnswerOptions) {
  part.answering(o.inviteID);
  try {
    await part.host.http.post(
      route,
      o.data === undefined ? { inviteID: o.inviteID } : { inviteID: o.inviteID, data: o.data },
    );
  } catch (err) {
    part.answerFailed(o.inviteID);
    throw err;
  }
  return ok({ inviteID: o.inviteID });
}

async function step(part: CallPart, route: string, o: AnswerOptions) {
  await part.host.http.post(
    route,
    o.data === undefined ? { inviteID: o.inviteID } : { inviteID: o.inviteID, data: o.data },
  );
  return ok({ inviteID: o.inviteID });
}

/** The callback forms (reference §8): the inviteID at once, the outcome through the callbacks. */
function inviteSyncWith(
  part: CallPart,
  api: 'inviteSync' | 'inviteInGroupSync',
  options: InviteOptions | InviteInGroupOptions,
  success?: Callback,
  failure?: Callback,
): string {
  const inviteID = inviteIDFor(part);
  part.host
    .guarded(api, () => {
      if (api === 'inviteSync') checkInvite(api, options);
      else checkInviteInGroup(api, options);
      return postInvite(part, api === 'inviteSync' ? R.invite : R.inviteInGroup, inviteID, options);
    })
    .then(
      (res) => success?.(res),
      (err: unknown) => failure?.(toChatError(err)),
    );
  return inviteID;
}

/**
 * Calls signalling (reference §8; decision 0038; rules SIG1–SIG40): invitations kept and timed out by the server,
 * each step a custom message in the conversation (unless onlineUserOnly), every device of an invitee ringing, and
 * two Parley extensions: `hangup` (the final record with the call's duration) and `sendCallMediaSignal` (a relay for
 * WebRTC offers, answers and candidates between the participants).
 */
export const callsFeature = defineFeature({
  name: 'calls',
  create: (host: SdkHost): CallPart => new CallPart(host),
  methods: {
    invite(options: InviteOptions): Response<{ inviteID: string }> {
      return this.host.guarded('invite', () => {
        checkInvite('invite', options);
        return postInvite(this, R.invite, inviteIDFor(this), options);
      });
    },
    inviteInGroup(options: InviteInGroupOptions): Response<{ inviteID: string }> {
      return this.host.guarded('inviteInGroup', () => {
        checkInviteInGroup('inviteInGroup', options);
        return postInvite(this, R.inviteInGroup, inviteIDFor(this), options);
      });
    },
    inviteSync(options: InviteOptions, success?: Callback, failure?: Callback): string {
      return inviteSyncWith(this, 'inviteSync', options, success, failure);
    },
    inviteInGroupSync(options: InviteInGroupOptions, success?: Callback, failure?: Callback): string {
      return inviteSyncWith(this, 'inviteInGroupSync', options, success, failure);
    },
    cancel(options: AnswerOptions): Response<{ inviteID: string }> {
      return this.host.guarded('cancel', () => {
        checkAnswer('cancel', options);
        return step(this, R.cancel, options);
      });
    },
    accept(options: AnswerOptions): Response<{ inviteID: string }> {
      return this.host.guarded('accept', () => {
        checkAnswer('accept', options);
        return answer(this, R.accept, options);
      });
    },
    reject(options: AnswerOptions): Response<{ inviteID: string }> {
      return this.host.guarded('reject', () => {
        checkAnswer('reject', options);
        return answer(this, R.reject, options);
      });
    },
    modifyInvitation(options: AnswerOptions & { data: string }): Response<{ inviteID: string }> {
      return this.host.guarded('modifyInvitation', () => {
        checkAnswer('modifyInvitation', options, true);
        return step(this, R.modify, options);
      });
    },
    /** Parley: ends my part of an accepted call; the last but one to go ends it with its duration (SIG19, SIG20). */
    hangup(options: AnswerOptions): Response<{ inviteID: string }> {
      return this.host.guarded('hangup', () => {
        checkAnswer('hangup', options);
        return step(this, R.hangup, options);
      });
    },
    /** Parley: relays `data` (≤ 16 KB) to one participant of a ringing or accepted invitation (SIG31–SIG36). */
    sendCallMediaSignal(options: MediaSignalOptions): Response<Record<string, never>> {
      return this.host.guarded('sendCallMediaSignal', async () => {
        checkMediaSignal('sendCallMediaSignal', options);
        await this.host.http.post(R.media, { inviteID: options.inviteID, userID: options.userID, data: options.data });
        return ok({});
      });
    },
    /** The invitation a signalling message records, or null for any other message (reference §8, SIG18). */
    getSignalingInfo(message: unknown): SignalingInfo | null {
      return readSignalingInfo(message);
    },
    addSignalingListener(name: string, handler: EventHandler, context?: unknown): void {
      this.listeners.on(name, handler, context);
    },
    removeSignalingListener(name: string, handler: EventHandler, context?: unknown): void {
      this.listeners.off(name, handler, context);
    },
  },
  push: {
    'call.signal': (part, event) => part.signal(event),
    'call.media': (part, event) => part.media(event),
  },
  // SIG25: what rings for me rings here too, read at every hello of the socket, the first one included (so a login
  // from a snapshot asks nothing before it, SDK9).
  refresh: (part) => part.refresh(),
  reset: (part) => part.reset(),
});
