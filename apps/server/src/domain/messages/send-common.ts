import {
  LIMITS,
  ParleyError,
  type SendMessage,
  type WireMessage,
  messageBytes,
  payloadProblem,
} from '@parley/protocol';
import type { Domain } from '../context.ts';
import type { MessageRow } from '../ports.ts';
import { storedText } from './content-filter.ts';
import { withJSON } from './event-json.ts';
import type { SendDraft } from './send-port.ts';
import { toWire } from './wire.ts';

/** What one-to-one (send.ts) and group sends (groups/send.ts) share: checks, stored fields, answers and events. */

/** Everything a send is refused for, checked before anything is written (rule M6). */
export function checkSendable(d: Domain, input: SendMessage): void {
  const problem = payloadProblem(input.type, input.payload);
  if (problem) throw ParleyError.of('INVALID_PARAMS', problem);
  if (messageBytes(input.payload, input.cloudCustomData) > LIMITS.messageBytes)
    throw ParleyError.of('MESSAGE_TOO_LONG');
  // Every stored string, the cloudCustomData too (ABU16), not only what a client happens to show.
  if (d.contentFilter.blocks(storedText(input.payload, input.cloudCustomData)))
    throw ParleyError.of('PROHIBITED_CONTENT');
}

/** Counts a send the checks let through to the writer (MET1) and returns when, for its latencies (MET3). */
export function acceptedNow(d: Pick<Domain, 'meter'>): number {
  d.meter.messages.accepted.inc();
  return performance.now();
}

/** A sent message as both transports answer it: the object for events, the stored JSON for the wire. */
export interface SentMessage {
  message: WireMessage;
  json: string;
}

/** The stored fields of a message as sent, for one-to-one and group drafts alike. */
export function draftMessage(
  sender: string,
  input: SendMessage,
  now: number,
  conversationID: string,
  nameCard: string,
): SendDraft['message'] {
  return {
    conversationID,
    id: input.ID,
    sender,
    receiver: input.to,
    type: input.type,
    payload: JSON.stringify(input.payload),
    cloudCustomData: input.cloudCustomData ?? '',
    time: now,
    clientTime: input.clientTime ?? now,
    nameCard,
    priority: input.priority ?? 'Normal',
    needReadReceipt: input.needReadReceipt ?? false,
    atUserList: JSON.stringify(input.atUserList ?? []),
  };
}

/** A retry of a stored message (M1): the stored message, nothing published again. */
export function storedAgain(row: MessageRow, wire: string): SentMessage {
  const message = toWire(row);
  return { message, json: wire || JSON.stringify(message) };
}

/**
 * A message just committed: its conversation's cached newest page grows by it (HIST2), and its event carries the
 * stored wire JSON so the push layer does not serialise it again. The caller publishes the event to its topics.
 */
export function newMessage(d: Domain, row: MessageRow, wire: string, fresh: WireMessage | undefined) {
  const message = fresh ?? toWire(row);
  d.sendPath.pages.append(row.conversationID, { seq: row.seq, id: row.id, wire });
  const event = withJSON({ type: 'message.new', message }, `{"type":"message.new","message":${wire}}`);
  return { sent: { message, json: wire } satisfies SentMessage, event };
}

/** Online-only (M5): pushed on `topic`, never stored or counted. */
export function publishOnline(d: Domain, topic: string, wire: WireMessage): SentMessage {
  const message: WireMessage = { ...wire, onlineOnly: true };
  d.bus.publish(topic, { type: 'message.online', message }).catch(d.onPublishError);
  return { message, json: JSON.stringify(message) };
}
