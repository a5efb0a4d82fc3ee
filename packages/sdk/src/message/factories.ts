import { TYPES } from '../constants/types.ts';
import { assertParams } from '../core/guard.ts';
import { Message, newMessageIdentity } from './message.ts';

/** MESSAGE_OPTIONS of reference §3.1: what every create*Message accepts besides its payload. */
export interface MessageOptions<P> {
  to: string;
  conversationType: string;
  payload: P;
  priority?: string;
  cloudCustomData?: string;
  needReadReceipt?: boolean;
  /** Group-only TIM options, accepted so TIM code compiles; one-to-one chat ignores them. */
  receiverList?: string[];
  isSupportExtension?: boolean;
}

export interface TextPayload {
  text: string;
}
export interface TextAtPayload extends TextPayload {
  atUserList?: string[];
}
export interface CustomPayload {
  data?: string;
  description?: string;
  extension?: string;
}

/** The logged-in user as a sender: nick and avatar go on the message before the server confirms them. */
export interface Sender {
  userID: string;
  nick: string;
  avatar: string;
}

const PRIORITIES: readonly string[] = [
  TYPES.MSG_PRIORITY_HIGH,
  TYPES.MSG_PRIORITY_NORMAL,
  TYPES.MSG_PRIORITY_LOW,
  TYPES.MSG_PRIORITY_LOWEST,
];
const CONVERSATION_TYPES: readonly string[] = [TYPES.CONV_C2C, TYPES.CONV_GROUP];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

export function checkCommon(api: string, options: MessageOptions<unknown>): void {
  assertParams(isRecord(options), api, 'options must be an object');
  assertParams(typeof options.to === 'string' && options.to !== '', api, 'to must be a non-empty string');
  assertParams(CONVERSATION_TYPES.includes(options.conversationType), api, 'conversationType must be C2C or GROUP');
  assertParams(isRecord(options.payload), api, 'payload must be an object');
  assertParams(options.priority === undefined || PRIORITIES.includes(options.priority), api, 'invalid priority');
  assertParams(optionalString(options.cloudCustomData), api, 'cloudCustomData must be a string');
  assertParams(
    options.needReadReceipt === undefined || typeof options.needReadReceipt === 'boolean',
    api,
    'needReadReceipt must be a boolean',
  );
}

/** A new outgoing message (also used by the media factories, media/media-module.ts). */
export function buildMessage(
  sender: Sender,
  options: MessageOptions<unknown>,
  type: string,
  payload: Record<string, unknown>,
) {
  const message = new Message();
  const identity = newMessageIdentity(sender.userID, Date.now());
  message.ID = identity.ID;
  message.clientTime = identity.clientTime;
  message.time = identity.clientTime;
  message.random = identity.random;
  message.clientSequence = identity.clientSequence;
  message.from = sender.userID;
  message.senderTinyID = sender.userID;
  message.nick = sender.nick;
  message.avatar = sender.avatar;
  message.to = options.to;
  message.conversationType = options.conversationType;
  message.conversationID = `${options.conversationType}${options.to}`;
  message.flow = 'out';
  message.status = 'unSend';
  message.priority = options.priority ?? TYPES.MSG_PRIORITY_NORMAL;
  message.cloudCustomData = options.cloudCustomData ?? '';
  message.needReadReceipt = options.needReadReceipt ?? false;
  message.isSupportExtension = options.isSupportExtension ?? false;
  message.setPayload(type, payload);
  return message;
}

export function createTextMessage(sender: Sender, options: MessageOptions<TextPayload>): Message {
  const api = 'createTextMessage';
  checkCommon(api, options);
  const text = options.payload.text;
  assertParams(typeof text === 'string' && text !== '', api, 'payload.text must be a non-empty string');
  return buildMessage(sender, options, TYPES.MSG_TEXT, { text });
}

export function createTextAtMessage(sender: Sender, options: MessageOptions<TextAtPayload>): Message {
  const api = 'createTextAtMessage';
  checkCommon(api, options);
  const { text, atUserList = [] } = options.payload;
  assertParams(typeof text === 'string' && text !== '', api, 'payload.text must be a non-empty string');
  assertParams(
    Array.isArray(atUserList) && atUserList.every((id) => typeof id === 'string' && id !== ''),
    api,
    'payload.atUserList must be string[]',
  );
  const message = buildMessage(sender, options, TYPES.MSG_TEXT, { text });
  message.atUserList = [...atUserList];
  return message;
}

export function createCustomMessage(sender: Sender, options: MessageOptions<CustomPayload>): Message {
  const api = 'createCustomMessage';
  checkCommon(api, options);
  const { data, description, extension } = options.payload;
  assertParams(
    optionalString(data) && optionalString(description) && optionalString(extension),
    api,
    'payload.data, description and extension must be strings',
  );
  // TIM's custom element always carries all three strings.
  const payload = { data: data ?? '', description: description ?? '', extension: extension ?? '' };
  return buildMessage(sender, options, TYPES.MSG_CUSTOM, payload);
}
