import {
  CONVERSATION_TYPE,
  GROUP_LIMITS,
  GROUP_ROLE,
  GROUP_TYPE,
  MSG_AT_ALL,
  ParleyError,
  type SendMessage,
  type WireMessage,
} from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';
import { secondsSince } from '../metrics/ports.ts';
import {
  type SentMessage,
  acceptedNow,
  checkSendable,
  draftMessage,
  newMessage,
  publishOnline,
  storedAgain,
} from '../messages/send-common.ts';
import { type SendDraft, type SendOutcome, type SpeakerRow, newRow } from '../messages/send-port.ts';
import { toWire } from '../messages/wire.ts';
import type { MessageRow } from '../ports.ts';
import { groupKey, groupTopic, groupViewID, liveGroup } from './access.ts';
import { noteSent } from './last-send.ts';
import type { GroupMemberRow, GroupRow } from './ports.ts';
// Uploads a message names are kept (ABU8)
import { referenceUploads } from '../uploads/references.ts';

/**
 * Who may speak (GRP11): a member of a live group, not muted, and while Mute All is on only the owner and admins.
 * Returns the refusal, or undefined. Checked before the send is queued (an early answer) and again inside the
 * batch's transaction (`SendDraft.speaker`, GRP18), so a refused message appears in no history or push (GUIDE
 * §3.6), even when a mute or a removal commits while the send waits for its batch.
 */
export function speakRefusal(member: SpeakerRow | undefined, now: number): ParleyError | undefined {
  if (!member) return ParleyError.of('GROUP_NO_PERMISSION', 'You are not a member of this group');
  if (member.dismissed) return ParleyError.of('GROUP_NOT_FOUND', 'The group was dismissed');
  if (member.muteUntil > now) return ParleyError.of('GROUP_MUTED');
  if (member.muteAll && member.role === GROUP_ROLE.MEMBER)
    return ParleyError.of('GROUP_MUTED', 'The admin enables Mute All');
  return undefined;
}

async function speaker(
  d: Domain,
  sender: string,
  input: SendMessage,
): Promise<{ member: GroupMemberRow; group: GroupRow }> {
  const group = await liveGroup(d.storage, input.to, false);
  const member = await d.storage.groups.getMember(group.groupID, sender);
  const refused = speakRefusal(member && { ...member, muteAll: group.muteAll, dismissed: false }, nowSeconds(d));
  if (refused || !member) throw refused;
  // Rule GRP12: a mention names members (or everyone); anyone else is refused.
  const named = [...new Set((input.atUserList ?? []).filter((u) => u !== MSG_AT_ALL))];
  if (named.length > 0) {
    const found = new Set((await d.storage.groups.membersByID(group.groupID, named)).map((m) => m.userID));
    const stranger = named.find((u) => !found.has(u));
    if (stranger) throw ParleyError.of('GROUP_MEMBER_NOT_FOUND', undefined, { userID: stranger });
  }
  return { member, group };
}

function wireOf(row: MessageRow, input: SendMessage): WireMessage {
  return {
    ...toWire(row),
    conversationType: CONVERSATION_TYPE.GROUP,
    payload: input.payload,
    atUserList: input.atUserList ?? [],
  };
}

function draftOf(sender: string, member: GroupMemberRow, input: SendMessage, now: number, out: { wire?: WireMessage }) {
  const draft: SendDraft = {
    message: draftMessage(sender, input, now, groupKey(input.to), member.nameCard),
    // Only the sender's row moves (its read position, RD2): a message costs the same whatever the group size (GRP13).
    sides: [{ userID: sender, viewID: groupViewID(input.to), peerID: '', readsOnSend: true }],
    render: (row) => {
      out.wire = wireOf(row, input);
      return JSON.stringify(out.wire);
    },
    toGroup: true,
    speaker: { groupID: input.to, admit: (row) => speakRefusal(row, now) },
  };
  return draft;
}

/**
 * Sends a group message through the one send path (GRP11): idempotent on (sender, ID), dense sequence per group,
 * acknowledged after the commit; then published once to the group's topic, which every node delivers to its own
 * connected members (GRP13). Online-only messages (typing) are published without being stored.
 */
export async function sendGroupMessage(d: Domain, sender: string, input: SendMessage): Promise<SentMessage> {
  checkSendable(d, input);
  const { member, group } = await speaker(d, sender, input);
  const refs = referenceUploads(d, input.payload, input.cloudCustomData);
  if (refs) await refs;
  const now = nowSeconds(d);
  const out: { wire?: WireMessage } = {};
  const draft = draftOf(sender, member, input, now, out);
  if (input.onlineUserOnly) {
    const profile = await d.storage.profiles.get(sender);
    const row = newRow(draft.message, profile?.nick ?? '', profile?.avatar ?? '', 0);
    return publishOnline(d, groupTopic(input.to), wireOf(row, input));
  }
  const at = acceptedNow(d);
  const outcome = await d.sendPath.writer.submit(draft);
  const sent = afterCommit(d, sender, input, outcome, out.wire, at);
  if (group.type === GROUP_TYPE.AVCHATROOM) trimRecent(d, sent.message.sequence, input.to);
  return sent;
}

/**
 * An AVChatRoom keeps only a short recent history (GRP16): every 10th message drops what is older than the newest
 * `avChatRoomHistory`, after the commit and off the send's answer. Its members joined after most of it anyway.
 */
function trimRecent(d: Domain, seq: number, groupID: string): void {
  if (seq % 10 !== 0 || seq <= GROUP_LIMITS.avChatRoomHistory) return;
  d.storage.groups.trimHistory(groupKey(groupID), seq - GROUP_LIMITS.avChatRoomHistory).catch(d.onPublishError);
}

function afterCommit(
  d: Domain,
  sender: string,
  input: SendMessage,
  outcome: SendOutcome,
  fresh: WireMessage | undefined,
  acceptedAt: number,
): SentMessage {
  if (outcome.kind === 'missing') throw ParleyError.of('GROUP_ACCOUNT_NOT_FOUND', 'The sender does not exist');
  if (outcome.kind === 'failed') throw outcome.error;
  const { message: row, wire, created } = outcome;
  if (!created) {
    if (row.conversationID !== groupKey(input.to) || row.sender !== sender)
      throw ParleyError.of('INVALID_MESSAGE', 'This message ID was already used');
    return storedAgain(row, wire);
  }
  const { sent, event } = newMessage(d, row, wire, fresh);
  noteSent(d, input.to, sender, row.time);
  d.bus.publish(groupTopic(input.to), event).catch(d.onPublishError);
  d.meter.sendLatency.push.observe(secondsSince(acceptedAt));
  return sent;
}
