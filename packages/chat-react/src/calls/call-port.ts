/**
 * The signalling methods of the SDK the call UI uses (reference §8 and Parley's hangup, sendCallMediaSignal and
 * getCallIceServers; decisions 0038, 0039), written structurally like ChatPort: an SDK without them has no call kit,
 * and the UI says so instead of failing (KCALL20).
 */
import type { ChatPort } from '../provider/chat-port.ts';

export type SignalingHandler = (event: { data?: unknown } | unknown) => void;

interface Answer {
  inviteID: string;
  data?: string;
}

export interface CallSdk {
  invite(o: { userID: string; data: string; timeout?: number }): Promise<{ data: { inviteID: string } }>;
  inviteInGroup(o: {
    groupID: string;
    inviteeList: string[];
    data: string;
    timeout?: number;
  }): Promise<{ data: { inviteID: string } }>;
  cancel(o: Answer): Promise<unknown>;
  accept(o: Answer): Promise<unknown>;
  reject(o: Answer): Promise<unknown>;
  hangup(o: Answer): Promise<unknown>;
  sendCallMediaSignal(o: { inviteID: string; userID: string; data: string }): Promise<unknown>;
  getCallIceServers(): Promise<{
    data: { iceServers: RTCIceServer[]; ttlSeconds: number; iceTransportPolicy?: RTCIceTransportPolicy };
  }>;
  addSignalingListener(name: string, handler: SignalingHandler): void;
  removeSignalingListener(name: string, handler: SignalingHandler): void;
}

const NEEDED = [
  'invite',
  'inviteInGroup',
  'cancel',
  'accept',
  'reject',
  'hangup',
  'sendCallMediaSignal',
  'getCallIceServers',
  'addSignalingListener',
  'removeSignalingListener',
] as const;

/** The SDK as a CallSdk when it has every method (a not-yet stub counts as absent), else null. */
export function callSdkOf(chat: ChatPort): CallSdk | null {
  const sdk = chat as unknown as Record<string, unknown> & { isNotYet?: (name: string) => boolean };
  return NEEDED.every((name) => typeof sdk[name] === 'function') ? (sdk as unknown as CallSdk) : null;
}

/** TSignaling's event names (reference §8) and Parley's (decision 0038): wire values, the same in every SDK build. */
export const SIGNAL = {
  NEW_INVITATION_RECEIVED: 'newInvitationReceived',
  INVITEE_ACCEPTED: 'ts_invitee_accepted',
  INVITEE_REJECTED: 'ts_invitee_rejected',
  INVITATION_CANCELLED: 'ts_invitation_cancelled',
  INVITATION_TIMEOUT: 'ts_invitation_timeout',
  MEDIA_SIGNAL: 'parley_media_signal',
  RINGING_STOPPED: 'parley_ringing_stopped',
  PARTICIPANT_LEFT: 'parley_participant_left',
  CALL_ENDED: 'parley_call_ended',
} as const;

/** TUICallKit's call data (seed 000 §3): `call_type` 1 voice, 2 video; a busy reject carries `line_busy`. */
export const CALL_TYPE = { VOICE: 1, VIDEO: 2 } as const;
export const LINE_BUSY = 'line_busy';
/** Seconds an invitation rings before it times out (TUICallKit's 30). */
export const RING_SECONDS = 30;

export function callData(kind: 'audio' | 'video'): string {
  return JSON.stringify({ version: 4, businessID: 'av_call', call_type: kind === 'video' ? 2 : 1 });
}

export function kindOfData(data: unknown): 'audio' | 'video' {
  try {
    const value = JSON.parse(String(data)) as { call_type?: unknown };
    return value.call_type === CALL_TYPE.VIDEO ? 'video' : 'audio';
  } catch {
    return 'audio';
  }
}
