import { ACTION_LIMITS, MESSAGE_TYPE, type SimplifiedMessage } from '@parley/protocol';
import { TYPES } from '../constants/types.ts';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import type { MessageOptions, Sender } from '../message/factories.ts';
import { Message, newMessageIdentity } from '../message/message.ts';
import type { ActionClient } from './action-client.ts';
import { actionError } from './action-errors.ts';
import { checkMessage } from './message-actions.ts';

/** Group tips and notices are never forwarded (reference §3.1, 2453). */
const NOT_FORWARDABLE = new Set<string>([MESSAGE_TYPE.GROUP_TIP, MESSAGE_TYPE.GROUP_SYSTEM_NOTICE]);

export interface MergerPayload {
  messageList: Message[];
  title: string;
  abstractList: string[];
  compatibleText: string;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A new outgoing message of `type` with the common options (the factories' shape, reference §3.1). */
function outgoing(sender: Sender, options: MessageOptions<unknown>, type: string, payload: Record<string, unknown>) {
  const api = type === MESSAGE_TYPE.MERGER ? 'createMergerMessage' : 'createForwardMessage';
  assertParams(typeof options?.to === 'string' && options.to !== '', api, 'to must be a non-empty string');
  assertParams(
    options.conversationType === TYPES.CONV_C2C || options.conversationType === TYPES.CONV_GROUP,
    api,
    'conversationType must be C2C or GROUP',
  );
  const m = new Message();
  const identity = newMessageIdentity(sender.userID, Date.now());
  Object.assign(m, {
    ID: identity.ID,
    clientTime: identity.clientTime,
    time: identity.clientTime,
    random: identity.random,
    clientSequence: identity.clientSequence,
    from: sender.userID,
    senderTinyID: sender.userID,
    nick: sender.nick,
    avatar: sender.avatar,
    to: options.to,
    conversationType: options.conversationType,
    conversationID: `${options.conversationType}${options.to}`,
    flow: 'out',
    status: 'unSend',
    priority: options.priority ?? TYPES.MSG_PRIORITY_NORMAL,
    cloudCustomData: options.cloudCustomData ?? '',
    needReadReceipt: options.needReadReceipt ?? false,
  });
  m.setPayload(type, payload);
  return m;
}

/** A nested merged record's body: `{type: TIMRelayElem, payload: object}`. */
function isNestedMerger(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null || value instanceof Message) return false;
  const v = value as { type?: unknown; payload?: unknown };
  return v.type === MESSAGE_TYPE.MERGER && typeof v.payload === 'object' && v.payload !== null;
}

/** One message as merged records carry it (reference §12.1 SimplifiedMessage). */
export function simplify(m: Message): SimplifiedMessage {
  return {
    ID: m.ID,
    nick: m.nick,
    avatar: m.avatar,
    from: m.from,
    messageSender: m.nameCard || m.nick || m.from,
    time: m.time,
    clientTime: m.clientTime,
    messageSequence: m.sequence,
    messageRandom: m.random,
    cloudCustomData: m.cloudCustomData,
    messageBody: [{ type: m.type, payload: clone(m.payload) }],
    ...(m.conversationType === TYPES.CONV_GROUP ? { receiverGroupID: m.to } : { receiverUserID: m.to }),
  };
}

/** createForwardMessage, createMergerMessage, downloadMergerMessage (reference §3.1, rules SACT7–SACT9). */
export class ForwardModule {
  readonly #client: ActionClient;
  /** Records of merger messages created here and not yet stored: uploaded just before the first send. */
  readonly #pending = new WeakMap<Message, MergerPayload>();

  constructor(client: ActionClient) {
    this.#client = client;
  }

  /** A copy of `payload` (a Message) to send elsewhere: same type and content, new ID, from me. */
  createForwardMessage(sender: Sender, options: MessageOptions<Message>): Message {
    checkMessage('createForwardMessage', options?.payload);
    const source = options.payload;
    if (NOT_FORWARDABLE.has(source.type) || source.isRevoked) throw actionError('MSG_FORWARD_TYPE_INVALID');
    const payload = clone(source.payload);
    // A merger forwards by its key: the records are stored once and the key is what a reader needs (ACT12).
    if (source.type === MESSAGE_TYPE.MERGER) delete payload.messageList;
    return outgoing(sender, options, source.type, payload);
  }

  createMergerMessage(sender: Sender, options: MessageOptions<MergerPayload>): Message {
    const api = 'createMergerMessage';
    const p = options?.payload;
    assertParams(typeof p === 'object' && p !== null, api, 'payload must be an object');
    assertParams(
      Array.isArray(p.messageList) &&
        p.messageList.length > 0 &&
        p.messageList.length <= ACTION_LIMITS.mergerMessages &&
        p.messageList.every((m) => m instanceof Message && m.status === 'success'),
      api,
      `payload.messageList: 1 to ${ACTION_LIMITS.mergerMessages} sent messages`,
    );
    assertParams(typeof p.title === 'string' && p.title !== '', api, 'payload.title must be a non-empty string');
    assertParams(
      Array.isArray(p.abstractList) && p.abstractList.every((s) => typeof s === 'string'),
      api,
      'payload.abstractList must be string[]',
    );
    assertParams(typeof p.compatibleText === 'string' && p.compatibleText !== '', api, 'payload.compatibleText');
    const abstractList = p.abstractList.slice(0, ACTION_LIMITS.mergerAbstractLines);
    const message = outgoing(sender, options, MESSAGE_TYPE.MERGER, {
      downloadKey: '',
      title: p.title,
      abstractList,
      compatibleText: p.compatibleText,
      messageList: p.messageList.map(simplify),
    });
    this.#pending.set(message, { ...p, abstractList });
    return message;
  }

  /** Before a merger message's first send: its records are stored and the payload carries their key. */
  beforeSend(message: Message): Promise<void> | undefined {
    const records = this.#pending.get(message);
    if (!records || message.payload.downloadKey) return undefined;
    return this.#storeRecords(message, records);
  }

  async #storeRecords(message: Message, records: MergerPayload): Promise<void> {
    const downloadKey = await this.#client.storeMerger({
      title: records.title,
      abstractList: records.abstractList,
      compatibleText: records.compatibleText,
      messageList: records.messageList.map(simplify),
    });
    this.#pending.delete(message);
    message.setPayload(MESSAGE_TYPE.MERGER, {
      downloadKey,
      title: records.title,
      abstractList: records.abstractList,
      compatibleText: records.compatibleText,
    });
  }

  /**
   * Fills `payload.messageList` from the stored records. A nested merger, as the records list carries it (`{type,
   * payload}` of its message body, not a Message), is downloaded the same way and filled in place (decision 0015).
   */
  async downloadMergerMessage(message: Message): Promise<ChatResponse<Message>> {
    if (!isNestedMerger(message)) checkMessage('downloadMergerMessage', message);
    if (message.type !== MESSAGE_TYPE.MERGER) throw actionError('MSG_MERGER_TYPE_INVALID');
    if (Array.isArray(message.payload.messageList) && !message.payload.downloadKey) return ok(message);
    const key = message.payload.downloadKey;
    if (typeof key !== 'string' || key === '') throw actionError('MSG_MERGER_KEY_INVALID');
    const records = await this.#client.loadMerger(key);
    message.payload.messageList = records.messageList;
    return ok(message);
  }
}
