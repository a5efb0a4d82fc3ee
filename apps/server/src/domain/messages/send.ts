import {
  CONVERSATION_TYPE,
  LIMITS,
  MESSAGE_TYPE,
  ParleyError,
  type SendMessage,
  type WireMessage,
  messageBytes,
  payloadProblem,
} from '@parley/protocol';
import { commit, type Domain, nowSeconds, userTopic } from '../context.ts';
import { appendC2C, c2cKey } from './c2c.ts';
import { toWire } from './wire.ts';

/** The user-visible text of a payload, for the content filter. */
function visibleText(type: string, payload: Record<string, unknown>): string {
  const parts: unknown[] =
    type === MESSAGE_TYPE.TEXT
      ? [payload.text]
      : type === MESSAGE_TYPE.CUSTOM
        ? [payload.data, payload.description, payload.extension]
        : [payload.description, payload.data];
  return parts.filter((p): p is string => typeof p === 'string').join('\n');
}

/** Everything a send is refused for, checked before anything is written (rule M6). */
function checkSendable(d: Domain, input: SendMessage): void {
  const problem = payloadProblem(input.type, input.payload);
  if (problem) throw ParleyError.of('INVALID_PARAMS', problem);
  if (messageBytes(input.payload, input.cloudCustomData) > LIMITS.messageBytes)
    throw ParleyError.of('MESSAGE_TOO_LONG');
  if (d.contentFilter.blocks(visibleText(input.type, input.payload))) throw ParleyError.of('PROHIBITED_CONTENT');
}

/**
 * Sends a one-to-one message. Idempotent on (sender, ID) (rule M1): a retry gets the stored message
 * back and nothing is published again. Acknowledged after commit (M3), pushed after commit (EV1).
 */
export async function sendMessage(d: Domain, sender: string, input: SendMessage): Promise<WireMessage> {
  checkSendable(d, input);
  const profiles = await d.storage.profiles.getMany(input.to === sender ? [sender] : [sender, input.to]);
  const me = profiles.find((p) => p.userID === sender);
  if (!profiles.some((p) => p.userID === input.to)) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  if (!me) throw ParleyError.of('ACCOUNT_NOT_FOUND', 'The sender does not exist');
  const now = nowSeconds(d);
  const draft = {
    id: input.ID,
    sender,
    receiver: input.to,
    type: input.type,
    payload: JSON.stringify(input.payload),
    cloudCustomData: input.cloudCustomData ?? '',
    time: now,
    clientTime: input.clientTime ?? now,
    nick: me.nick,
    nameCard: '',
    avatar: me.avatar,
    priority: input.priority ?? 'Normal',
    needReadReceipt: input.needReadReceipt ?? false,
    atUserList: JSON.stringify(input.atUserList ?? []),
  };
  if (input.onlineUserOnly) return sendOnline(d, draft);
  return commit(d, async (tx, emit) => {
    const { message, created } = await appendC2C(tx, draft, now);
    if (message.conversationID !== c2cKey(sender, input.to)) {
      throw ParleyError.of('INVALID_MESSAGE', 'This message ID was already used for another conversation');
    }
    const wire = toWire(message);
    if (created) {
      emit(userTopic(input.to), { type: 'message.new', message: wire });
      if (input.to !== sender) emit(userTopic(sender), { type: 'message.new', message: wire });
    }
    return wire;
  });
}

/** Online-only (rule M5): pushed to the peer's connected devices, never stored or counted. */
async function sendOnline(d: Domain, draft: Parameters<typeof appendC2C>[1]): Promise<WireMessage> {
  const wire: WireMessage = {
    ...toWire({
      ...draft,
      conversationID: c2cKey(draft.sender, draft.receiver),
      seq: 0,
      isRevoked: false,
      revoker: null,
      isModified: false,
      modifyVersion: 0,
      isDeleted: false,
    }),
    conversationType: CONVERSATION_TYPE.C2C,
    onlineOnly: true,
  };
  d.bus.publish(userTopic(draft.receiver), { type: 'message.online', message: wire }).catch(d.onPublishError);
  return wire;
}
