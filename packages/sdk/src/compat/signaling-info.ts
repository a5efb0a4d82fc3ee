import { TYPES } from '../constants/types.ts';
import { Emitter, type EventHandler } from '../core/emitter.ts';

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

const listeners = new WeakMap<object, Emitter>();
const emitterOf = (sdk: object): Emitter => {
  let emitter = listeners.get(sdk);
  if (!emitter) {
    emitter = new Emitter();
    listeners.set(sdk, emitter);
  }
  return emitter;
};

/**
 * The signalling helpers that work before signalling itself exists (decision 0014): `getSignalingInfo` answers
 * null for every message that is not an invitation, and the listener methods (whitelisted, synchronous in TIM)
 * accept listeners that no invitation can trigger yet. A signalling module that installs its own wins.
 */
export const signalingHelpers = {
  getSignalingInfo(this: object, message: unknown): SignalingInfo | null {
    return readSignalingInfo(message);
  },
  addSignalingListener(this: object, name: string, handler: EventHandler, context?: unknown): void {
    emitterOf(this).on(name, handler, context);
  },
  removeSignalingListener(this: object, name: string, handler: EventHandler, context?: unknown): void {
    emitterOf(this).off(name, handler, context);
  },
};

export type SignalingHelpers = typeof signalingHelpers;
