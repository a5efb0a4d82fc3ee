import { Store } from '../../core/store.ts';
import type { Translate } from '../../i18n/translate.ts';
import { messageSummary } from '../../message-list/summary.ts';
import { type ChatMessage, TYPES } from '../../provider/chat-port.ts';
import { senderOf } from '../forward/forward.ts';

/** The element type numbers the reference's clients write in `messageReply.messageType`. */
const ELEM_NUMBER: Record<string, number> = {
  [TYPES.MSG_TEXT]: 1,
  [TYPES.MSG_CUSTOM]: 2,
  [TYPES.MSG_IMAGE]: 3,
  [TYPES.MSG_AUDIO]: 4,
  [TYPES.MSG_VIDEO]: 5,
  [TYPES.MSG_FILE]: 6,
  [TYPES.MSG_LOCATION]: 7,
  [TYPES.MSG_FACE]: 8,
  [TYPES.MSG_GRP_TIP]: 9,
  [TYPES.MSG_MERGER]: 10,
};

/** `cloudCustomData.messageReply` (seed 000 §3). */
export interface MessageReply {
  messageAbstract: string;
  messageSender: string;
  messageID: string;
  messageType: number;
  messageTime: number;
  messageSequence: number;
  messageRootID?: string;
  version: 1;
}

export function parseCustom(json: string | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json || '{}');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A message's `messageReply`, when well formed. */
export function replyOf(cloudCustomData: string | undefined): MessageReply | null {
  const r = parseCustom(cloudCustomData).messageReply as Partial<MessageReply> | undefined;
  if (!r || typeof r.messageID !== 'string' || r.messageID === '') return null;
  return {
    messageAbstract: typeof r.messageAbstract === 'string' ? r.messageAbstract : '',
    messageSender: typeof r.messageSender === 'string' ? r.messageSender : '',
    messageID: r.messageID,
    messageType: typeof r.messageType === 'number' ? r.messageType : 0,
    messageTime: typeof r.messageTime === 'number' ? r.messageTime : 0,
    messageSequence: typeof r.messageSequence === 'number' ? r.messageSequence : 0,
    ...(typeof r.messageRootID === 'string' && r.messageRootID ? { messageRootID: r.messageRootID } : {}),
    version: 1,
  };
}

export interface ReplyListEntry {
  messageAbstract: string;
  messageSender: string;
  messageID: string;
}

/** A root's `messageReplies.replies`, malformed entries left out. */
export function repliesOf(cloudCustomData: string | undefined): ReplyListEntry[] {
  const list = (parseCustom(cloudCustomData).messageReplies as { replies?: unknown } | undefined)?.replies;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (r): r is ReplyListEntry =>
      typeof r === 'object' && r !== null && typeof (r as ReplyListEntry).messageID === 'string',
  );
}

export type ReplyKind = 'quote' | 'reply';

export interface PendingReply {
  kind: ReplyKind;
  reply: MessageReply;
}

/**
 * The `messageReply` of a quote or a reply of `target` (KACT18): its abstract, sender, ID, type number, time and
 * sequence, version 1; a reply also names its root: the target's own root when the target is itself a reply.
 */
export function buildReply(kind: ReplyKind, target: ChatMessage, self: string, t: Translate): MessageReply {
  const reply: MessageReply = {
    messageAbstract: messageSummary(target, self, t).slice(0, 120),
    messageSender: senderOf(target),
    messageID: target.ID,
    messageType: ELEM_NUMBER[target.type] ?? 0,
    messageTime: target.time,
    messageSequence: target.sequence,
    version: 1,
  };
  if (kind === 'reply') reply.messageRootID = replyOf(target.cloudCustomData)?.messageRootID ?? target.ID;
  return reply;
}

/** `cloudCustomData` with the reply added to what is already there (the typing feature of one-to-one texts). */
export function withReply(cloudCustomData: string | undefined, reply: MessageReply): string {
  return JSON.stringify({ ...parseCustom(cloudCustomData), messageReply: reply });
}

/** The quote or reply shown above the input: set from the menu, cleared on send, cancel or conversation change. */
export class PendingReplyStore extends Store<PendingReply | null> {
  constructor() {
    super(null);
  }

  put(pending: PendingReply): void {
    this.set(pending);
  }

  cancel(): void {
    this.set(null);
  }

  /** The pending reply, removed: a send takes it once. */
  take(): PendingReply | null {
    const pending = this.getSnapshot();
    this.set(null);
    return pending;
  }
}

/** A message to scroll to and highlight (a quote's jump); `n` changes with every request. */
export class JumpStore extends Store<{ ID: string; n: number } | null> {
  constructor() {
    super(null);
  }

  jump(ID: string): void {
    this.set({ ID, n: (this.getSnapshot()?.n ?? 0) + 1 });
  }

  done(): void {
    this.set(null);
  }
}

/**
 * The threads of the loaded list (KACT21): the IDs of the roots that have replies, newest root first, as the chat
 * header's replies dialog shows them.
 */
export function threadsOf(items: readonly Pick<ChatMessage, 'ID' | 'cloudCustomData'>[]): string[] {
  return items
    .filter((m) => repliesOf(m.cloudCustomData).length > 0)
    .map((m) => m.ID)
    .reverse();
}

/** Which replies dialog is open: one root's (its 'Replies (N)' link), every thread's (the header), or none. */
export type RepliesView = { rootID: string } | 'all' | null;

export class OpenStore extends Store<RepliesView> {
  constructor() {
    super(null);
  }

  open(ID: string): void {
    this.set({ rootID: ID });
  }

  /** The header's entry: every thread of the open conversation. */
  openAll(): void {
    this.set('all');
  }

  close(): void {
    this.set(null);
  }
}
