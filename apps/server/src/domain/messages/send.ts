import { CONVERSATION_TYPE, ParleyError, type SendMessage, type WireMessage } from '@parley/protocol';
import { type Domain, nowSeconds, userTopic } from '../context.ts';
import type { MessageRow } from '../ports.ts';
import { c2cKey, c2cViewID } from './c2c.ts';
import { secondsSince } from '../metrics/ports.ts';
import {
  type SentMessage,
  acceptedNow,
  checkSendable,
  draftMessage,
  newMessage,
  publishOnline,
  storedAgain,
} from './send-common.ts';
import { type DraftSide, type SendDraft, type SendOutcome, newRow } from './send-port.ts';
import { sendGroupMessage } from '../groups/send.ts';
// Contacts (decision 0017): the blocklist check
import { refuseIfBlocked } from '../contacts/blacklist.ts';
// Uploads a message names are kept (ABU8)
import { referenceUploads } from '../uploads/references.ts';

const USER_ID = /^[A-Za-z0-9_.@-]{1,64}$/;

/** The wire form of a new row, built from the validated input (no JSON parse of what was just serialised). */
function wireOf(row: MessageRow, input: SendMessage): WireMessage {
  return {
    ID: row.id,
    conversationType: CONVERSATION_TYPE.C2C,
    from: row.sender,
    to: row.receiver,
    sequence: row.seq,
    time: row.time,
    clientTime: row.clientTime,
    type: row.type,
    payload: input.payload,
    cloudCustomData: row.cloudCustomData,
    nick: row.nick,
    avatar: row.avatar,
    nameCard: row.nameCard,
    priority: row.priority,
    needReadReceipt: row.needReadReceipt,
    atUserList: input.atUserList ?? [],
    isRevoked: false,
    isModified: false,
    isDeleted: false,
    onlineOnly: false,
  };
}

function draftOf(sender: string, input: SendMessage, now: number, rendered: { wire?: WireMessage }): SendDraft {
  const mine: DraftSide = { userID: sender, viewID: c2cViewID(input.to), peerID: input.to, readsOnSend: true };
  const theirs: DraftSide = { userID: input.to, viewID: c2cViewID(sender), peerID: sender, readsOnSend: false };
  // Rows are taken in userID order, whoever sends (see c2c.ts): crossing sends cannot deadlock on PostgreSQL.
  // (Two sides are ordered by hand: Array.prototype.sort allocates a work array of its own on every call.)
  const sides = input.to === sender ? [mine] : sender < input.to ? [mine, theirs] : [theirs, mine];
  return {
    message: draftMessage(sender, input, now, c2cKey(sender, input.to), ''),
    sides,
    render: (row) => {
      rendered.wire = wireOf(row, input);
      return JSON.stringify(rendered.wire);
    },
  };
}

/**
 * Sends a one-to-one message, over HTTP or the push socket alike (rule WS7). Idempotent on (sender, ID) (M1) and
 * unique per conversation (M8); written by the group-commit writer (SP1), acknowledged after the commit (M3) and
 * pushed after the commit (EV1). A retry gets the stored message back and nothing is published again.
 */
export async function sendMessage(d: Domain, sender: string, input: SendMessage): Promise<SentMessage> {
  if (input.conversationType === CONVERSATION_TYPE.GROUP) return sendGroupMessage(d, sender, input);
  // The schema admits group IDs as targets; a one-to-one target is a user ID (rule IN3).
  if (!USER_ID.test(input.to)) throw ParleyError.of('INVALID_PARAMS', 'body.to is not a user ID');
  checkSendable(d, input);
  const blockCheck = refuseIfBlocked(d, sender, input.to);
  if (blockCheck) await blockCheck;
  const refs = referenceUploads(d, input.payload, input.cloudCustomData);
  if (refs) await refs;
  const now = nowSeconds(d);
  if (input.onlineUserOnly) return sendOnline(d, sender, input, now);
  const rendered: { wire?: WireMessage } = {};
  const path = d.sendPath;
  const at = acceptedNow(d);
  const outcome = await path.writer.submit(draftOf(sender, input, now, rendered));
  return afterCommit(d, sender, input, outcome, rendered.wire, at);
}

function afterCommit(
  d: Domain,
  sender: string,
  input: SendMessage,
  outcome: SendOutcome,
  fresh: WireMessage | undefined,
  acceptedAt: number,
): SentMessage {
  if (outcome.kind === 'missing') {
    throw outcome.who === 'receiver'
      ? ParleyError.of('ACCOUNT_NOT_FOUND')
      : ParleyError.of('ACCOUNT_NOT_FOUND', 'The sender does not exist');
  }
  if (outcome.kind === 'failed') throw outcome.error;
  const { message: row, wire, created } = outcome;
  if (!created) {
    if (row.conversationID !== c2cKey(sender, input.to)) {
      throw ParleyError.of('INVALID_MESSAGE', 'This message ID was already used for another conversation');
    }
    if (row.sender !== sender) {
      throw ParleyError.of('INVALID_MESSAGE', 'This message ID is already used in this conversation');
    }
    return storedAgain(row, wire);
  }
  const { sent, event } = newMessage(d, row, wire, fresh);
  d.bus.publish(userTopic(input.to), event).catch(d.onPublishError);
  if (input.to !== sender) d.bus.publish(userTopic(sender), event).catch(d.onPublishError);
  d.meter.sendLatency.push.observe(secondsSince(acceptedAt));
  return sent;
}

/** Online-only (rule M5): pushed to the peer's connected devices, never stored or counted. */
async function sendOnline(d: Domain, sender: string, input: SendMessage, now: number): Promise<SentMessage> {
  const profile = (await d.storage.profiles.getMany(input.to === sender ? [sender] : [sender, input.to])) ?? [];
  const me = profile.find((p) => p.userID === sender);
  if (!profile.some((p) => p.userID === input.to)) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  if (!me) throw ParleyError.of('ACCOUNT_NOT_FOUND', 'The sender does not exist');
  const draft = draftOf(sender, input, now, {});
  const row = newRow(draft.message, me.nick, me.avatar, 0);
  return publishOnline(d, userTopic(input.to), wireOf(row, input));
}
