import type { WireMessage } from '@parley/protocol';
import { TYPES } from '../constants/types.ts';

export type MessageStatus = 'unSend' | 'success' | 'fail';
export type MessageFlow = 'in' | 'out';

export interface MessageElement {
  type: string;
  content: Record<string, unknown>;
}

export interface ReadReceiptInfo {
  readCount: number;
  unreadCount: number;
  isPeerRead: boolean;
  timestamp: number;
}

/** Who the message object belongs to: flow, conversationID and isPeerRead are relative to this user. */
export interface Viewer {
  userID: string;
}

/**
 * TIM's Message (reference §12.1). One object per message for the lifetime of a login: sendMessage mutates the
 * object it was given (status, sequence, time), and every later list, event and findMessage returns that same
 * object, so a UI holding it sees the change.
 */
export class Message {
  ID = '';
  type = '';
  payload: Record<string, unknown> = {};
  conversationID = '';
  conversationType = '';
  conversationSubType: string | undefined = undefined;
  to = '';
  from = '';
  flow: MessageFlow = 'out';
  /** Seconds: the server's time once stored, the client's clock before. */
  time = 0;
  status: MessageStatus = 'unSend';
  isRevoked = false;
  priority: string = TYPES.MSG_PRIORITY_NORMAL;
  nick = '';
  avatar = '';
  nameCard = '';
  isPeerRead = false;
  atUserList: string[] = [];
  cloudCustomData = '';
  isDeleted = false;
  isModified = false;
  needReadReceipt = false;
  readReceiptInfo: ReadReceiptInfo = { readCount: 0, unreadCount: 0, isPeerRead: false, timestamp: 0 };
  isBroadcastMessage = false;
  isSupportExtension = false;
  revoker = '';
  revokerInfo = { userID: '', nick: '', avatar: '' };
  revokeReason = '';
  /** 0 until the server stored it; then the message's place in its conversation (GUIDE §3.2). */
  sequence = 0;
  hasRiskContent = false;
  clientSequence = 0;
  random = 0;
  clientTime = 0;
  senderTinyID = '';
  isSystemMessage = false;
  protocol = 'JSON';
  isResend = false;
  isRead = false;
  version = 0;
  /** Parley extension (decision 0046, EDIT4): server seconds of the sender's last edit of the text; 0 if never. */
  editTime = 0;
  isPlaceMessage = 0;
  level = 0;
  /** Upload progress of media messages, 0..1; text and custom messages have nothing to upload. */
  progress = 0;
  _elements: MessageElement[] = [];
  _onlineOnlyFlag = false;
  _isExcludedFromUnreadCount = false;
  _isExcludedFromLastMessage = false;

  get elements(): MessageElement[] {
    return this._elements;
  }

  getElements(): MessageElement[] {
    return this._elements;
  }

  /** Payload and element stay one value: TIM's payload mirrors `_elements[0].content`. */
  setPayload(type: string, payload: Record<string, unknown>): void {
    this.type = type;
    this.payload = payload;
    this._elements = [{ type, content: payload }];
  }

  /** Copies what the server decided (sequence, time, sender's nick and avatar) onto this object. */
  applyWire(wire: WireMessage, viewer: Viewer): void {
    this.ID = wire.ID;
    this.from = wire.from;
    this.to = wire.to;
    this.conversationType = wire.conversationType;
    this.conversationID = conversationIDOf(wire, viewer.userID);
    this.flow = wire.from === viewer.userID ? 'out' : 'in';
    this.setPayload(wire.type, wire.payload);
    this.sequence = wire.sequence;
    this.time = wire.time;
    this.clientTime = wire.clientTime;
    this.cloudCustomData = wire.cloudCustomData;
    this.nick = wire.nick;
    this.avatar = wire.avatar;
    this.nameCard = wire.nameCard;
    this.priority = wire.priority;
    this.needReadReceipt = wire.needReadReceipt;
    this.atUserList = [...wire.atUserList];
    this.isRevoked = wire.isRevoked;
    this.isModified = wire.isModified;
    this.isDeleted = wire.isDeleted;
    this._onlineOnlyFlag = wire.onlineOnly;
    // Message actions (decision 0015): the modify version and who recalled it.
    this.version = wire.version ?? 0;
    this.revoker = wire.revoker ?? '';
    this.editTime = wire.editTime ?? 0;
    if (wire.revoker) this.revokerInfo = { ...this.revokerInfo, userID: wire.revoker };
    this.senderTinyID = wire.from;
    this.status = 'success';
  }
}

/**
 * The conversation a message belongs to as `userID` sees it: `C2C<the other side>`, `GROUP<groupID>` (the same for
 * every member), or the system conversation of group notices.
 */
export function conversationIDOf(wire: Pick<WireMessage, 'from' | 'to' | 'conversationType'>, userID: string) {
  if (wire.conversationType === TYPES.CONV_SYSTEM) return TYPES.CONV_SYSTEM;
  if (wire.conversationType === TYPES.CONV_GROUP) return `${TYPES.CONV_GROUP}${wire.to}`;
  const peer = wire.from === userID ? wire.to : wire.from;
  return `${wire.conversationType}${peer}`;
}

export function messageFromWire(wire: WireMessage, viewer: Viewer): Message {
  const message = new Message();
  message.applyWire(wire, viewer);
  return message;
}

/** (sender, ID) is what the server keeps unique (rule M1), so it is also the SDK's identity of a message. */
export const messageKey = (from: string, ID: string) => `${from}\n${ID}`;

let clientSequence = 0;

/** Unpredictable enough that two tabs of one user never pick the same ID within a second. */
function random32(): number {
  const c = globalThis.crypto;
  if (c && typeof c.getRandomValues === 'function') return c.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return Math.floor(Math.random() * 2 ** 32);
}

/**
 * A fresh ID in TIM's shape `${sender}-${clientTime}-${random}`. It is fixed before the first send attempt and
 * never changes, which is what makes retries safe (GUIDE §3.1).
 */
export function newMessageIdentity(userID: string, nowMs: number) {
  const clientTime = Math.floor(nowMs / 1000);
  const random = random32();
  clientSequence += 1;
  return { ID: `${userID}-${clientTime}-${random}`, clientTime, random, clientSequence };
}
