import { CONVERSATION_TYPE, MESSAGE_TYPE, type CallActionType } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { sendMessage } from '../messages/send.ts';
import type { CallRow } from './ports.ts';
import { recordOf } from './view.ts';

export interface RecordStep {
  /** Who the message is from: the one who acted (the inviter for a timeout, SIG17). */
  from: string;
  actionType: CallActionType;
  inviteeList: readonly string[];
  data: string;
  callEnd?: number;
  /** Tells apart two records of one kind from one sender (the end record is actionType 1 too). */
  tag: string;
}

/** A one-to-one record goes to the other side of the call; a group's to the group (SIG15). */
function peerOf(call: CallRow, from: string, inviteeList: readonly string[]): string {
  if (from !== call.inviter) return call.inviter;
  return inviteeList[0] ?? call.inviter;
}

/**
 * Leaves the step's record in the conversation (SIG15, SIG16) unless the invitation is online-only. Written after the
 * state committed, through the ordinary send path: its message ID is fixed by invitation, step and sender, so a
 * repeated step stores nothing twice (M1). A refusal (a blocklist, a mute) loses the record, never the step (SIG17).
 */
export async function leaveRecord(d: Domain, call: CallRow, step: RecordStep, c2cPeer?: string): Promise<void> {
  if (call.onlineOnly) return;
  const data = recordOf(call, step.actionType, step.inviteeList, step.data, step.callEnd);
  const group = call.groupID !== '';
  try {
    await sendMessage(d, step.from, {
      ID: `call_${call.inviteID}_${step.tag}_${step.from}`.slice(0, 128).replace(/[^A-Za-z0-9_.:@-]/g, '_'),
      conversationType: group ? CONVERSATION_TYPE.GROUP : CONVERSATION_TYPE.C2C,
      to: group ? call.groupID : (c2cPeer ?? peerOf(call, step.from, step.inviteeList)),
      type: MESSAGE_TYPE.CUSTOM,
      payload: { data, description: '', extension: '' },
    });
  } catch (err) {
    d.onPublishError(err);
  }
}
