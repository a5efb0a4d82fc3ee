import { type ChatMessage, TYPES } from '../provider/chat-port.ts';

/**
 * A frozen view of one SDK message. The SDK mutates its Message objects in place (sendMessage sets status, time and
 * sequence), so the kit keeps immutable views in its snapshots: React sees a new object exactly when a message changed.
 */
export interface MessageItem {
  readonly ID: string;
  readonly type: string;
  readonly payload: unknown;
  readonly conversationID: string;
  readonly conversationType: string;
  readonly from: string;
  readonly to: string;
  readonly flow: 'in' | 'out';
  readonly time: number;
  readonly status: 'unSend' | 'success' | 'fail';
  readonly sequence: number;
  readonly nick: string;
  readonly avatar: string;
  readonly isPeerRead: boolean;
  readonly isRevoked: boolean;
  readonly nameCard: string;
  readonly needReadReceipt: boolean;
  readonly readCount: number;
  readonly unreadCount: number;
  /** Upload progress of a media message being sent, 0..1 (KUPL10). */
  readonly progress: number;
  /** Quotes and replies read it (`messageReply`, `messageReplies`, decision 0015). */
  readonly cloudCustomData: string;
  /** Server seconds of the sender's last edit of the text, 0 if never (decision 0046). */
  readonly editTime?: number;
}

function status(value: string): MessageItem['status'] {
  return value === 'fail' || value === 'unSend' ? value : 'success';
}

export function toItem(message: ChatMessage, overrides: Partial<MessageItem> = {}): MessageItem {
  return Object.freeze({
    ID: message.ID,
    type: message.type,
    payload: message.payload,
    conversationID: message.conversationID,
    conversationType: message.conversationType,
    from: message.from,
    to: message.to,
    flow: message.flow === 'out' ? 'out' : 'in',
    time: message.time,
    status: status(message.status),
    sequence: message.sequence,
    nick: message.nick ?? '',
    avatar: message.avatar ?? '',
    isPeerRead: Boolean(message.isPeerRead),
    isRevoked: Boolean(message.isRevoked),
    nameCard: message.nameCard ?? '',
    needReadReceipt: Boolean(message.needReadReceipt),
    readCount: message.readReceiptInfo?.readCount ?? 0,
    unreadCount: message.readReceiptInfo?.unreadCount ?? 0,
    progress: typeof message.progress === 'number' ? message.progress : 0,
    cloudCustomData: message.cloudCustomData ?? '',
    editTime: typeof message.editTime === 'number' ? message.editTime : 0,
    ...overrides,
  });
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

export function textOf(payload: unknown): string | null {
  const text = record(payload)?.text;
  return typeof text === 'string' ? text : null;
}

/** Seed 000 §3: the custom message carrying typing status. */
function isTypingNotice(message: Pick<ChatMessage, 'type' | 'payload'>): boolean {
  if (message.type !== TYPES.MSG_CUSTOM) return false;
  const data = record(message.payload)?.data;
  if (typeof data !== 'string' || !data.includes('user_typing_status')) return false;
  try {
    return record(JSON.parse(data))?.businessID === 'user_typing_status';
  } catch {
    return false;
  }
}

/** Seed 000 §4: deleted messages are hidden; typing-notice messages are hidden from the list. */
export function isShown(message: ChatMessage): boolean {
  return !message.isDeleted && !isTypingNotice(message);
}
