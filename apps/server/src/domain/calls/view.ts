import {
  CALL_BUSINESS_ID,
  CALL_RECORD_VERSION,
  CALL_TYPE,
  type CallActionType,
  type CallInvitation,
  type CallRecord,
} from '@parley/protocol';
import type { CallRow, StoredCall } from './ports.ts';

/** The wire form of a stored invitation (SIG4). */
export function toInvitation(s: StoredCall): CallInvitation {
  const c = s.call;
  return {
    inviteID: c.inviteID,
    inviter: c.inviter,
    groupID: c.groupID,
    inviteeList: s.invitees.map((i) => i.userID),
    invitees: s.invitees.map((i) => ({ userID: i.userID, state: i.state })),
    data: c.data,
    timeout: c.timeout,
    onlineUserOnly: c.onlineOnly,
    callType: c.callType,
    state: c.state,
    createdAt: c.createdAt,
    deadline: c.deadline,
    acceptedAt: c.acceptedAt,
    endedAt: c.endedAt,
    inviterIn: c.inviterIn,
  };
}

const parsedObject = (data: string): Record<string, unknown> | undefined => {
  if (!data.trim().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** SIG10: the call type is the invitation data's `call_type` when it is 1 (voice) or 2 (video), else 0. */
export function callTypeOf(data: string): number {
  const type = parsedObject(data)?.call_type;
  return type === CALL_TYPE.VOICE || type === CALL_TYPE.VIDEO ? type : CALL_TYPE.UNKNOWN;
}

/**
 * The data of a step the server writes (busy, timeout, the end; SIG16): the invitation's data when it is a JSON
 * object, with the server's fields over it; otherwise those fields alone.
 */
export function serverData(call: CallRow, fields: Record<string, unknown>): string {
  const base = parsedObject(call.data) ?? {};
  return JSON.stringify({ ...base, call_type: call.callType, ...fields });
}

/** The signalling record of one step (SIG15), as the custom message's `payload.data`. */
export function recordOf(
  call: CallRow,
  actionType: CallActionType,
  inviteeList: readonly string[],
  data: string,
  callEnd?: number,
): string {
  const record: CallRecord = {
    businessID: CALL_BUSINESS_ID,
    version: CALL_RECORD_VERSION,
    inviteID: call.inviteID,
    inviter: call.inviter,
    actionType,
    inviteeList: [...inviteeList],
    groupID: call.groupID,
    timeout: call.timeout,
    data,
    call_type: call.callType,
    ...(callEnd === undefined ? {} : { call_end: callEnd }),
  };
  return JSON.stringify(record);
}
