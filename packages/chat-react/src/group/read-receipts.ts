import type { MessageItem } from '../message-list/message-item.ts';
import type { MessageStore } from '../message-list/message-store.ts';
import { type ChatEvent, type ChatMessage, type ChatPort, EVENT, TYPES } from '../provider/chat-port.ts';
import type { GroupPort } from './group-port.ts';

interface ReceiptEvent {
  groupID?: string;
  messageID: string;
  readCount: number;
  unreadCount: number;
}

/**
 * Group read receipts in the open conversation (seed 000 §4, KGRP8): the read counts of the user's own
 * messages that asked for receipts (fetched once per message after it shows, then kept by
 * MESSAGE_READ_RECEIPT_RECEIVED), and one receipt for each incoming message that needs one once it was in view.
 */
export class ReadReceipts {
  readonly #port: GroupPort | null;
  readonly #messages: MessageStore;
  /** Own messages whose counts were asked for, incoming ones acknowledged: each once (seed 000 §4). */
  readonly #asked = new Set<string>();
  readonly #acknowledged = new Set<string>();

  /** False once the user is out of the open group: no receipts are sent or asked for any more (KGRP20). */
  readonly #active: () => boolean;

  constructor(port: GroupPort | null, messages: MessageStore, active: () => boolean = () => true) {
    this.#port = port;
    this.#messages = messages;
    this.#active = active;
  }

  attach(chat: ChatPort): () => void {
    const received = (event: ChatEvent) => {
      if (!Array.isArray(event.data)) return;
      const counts = (event.data as ReceiptEvent[]).filter((e) => typeof e.readCount === 'number' && e.groupID);
      if (counts.length > 0) this.#messages.patchReadCounts(counts);
    };
    chat.on(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, received);
    const unsubscribe = this.#messages.subscribe(() => this.#askCounts());
    return () => {
      chat.off(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, received);
      unsubscribe();
    };
  }

  /** Incoming group messages now in view that need a receipt: one sendMessageReadReceipt for all of them. */
  acknowledge(): void {
    const port = this.#port;
    if (!port) return;
    const due = this.#originals((m) => m.flow === 'in' && m.needReadReceipt && !this.#acknowledged.has(m.ID));
    if (due.length === 0) return;
    for (const m of due) this.#acknowledged.add(m.ID);
    port.sendMessageReadReceipt(due).catch((err: unknown) => {
      console.warn('[parley-chat] sendMessageReadReceipt failed', err);
    });
  }

  #askCounts(): void {
    const port = this.#port;
    if (!port) return;
    const due = this.#originals(
      (m) => m.flow === 'out' && m.status === 'success' && m.needReadReceipt && !this.#asked.has(m.ID),
    );
    if (due.length === 0) return;
    for (const m of due) this.#asked.add(m.ID);
    port.getMessageReadReceiptList(due).then(
      ({ data }) =>
        this.#messages.patchReadCounts(
          data.messageList.map((m) => ({
            messageID: m.ID,
            readCount: m.readReceiptInfo?.readCount ?? 0,
            unreadCount: m.readReceiptInfo?.unreadCount ?? 0,
          })),
        ),
      (err: unknown) => console.warn('[parley-chat] getMessageReadReceiptList failed', err),
    );
  }

  #originals(pick: (m: MessageItem) => boolean): ChatMessage[] {
    const state = this.#messages.getSnapshot();
    if (!state.conversationID?.startsWith(TYPES.CONV_GROUP) || !this.#active()) return [];
    const out: ChatMessage[] = [];
    for (const item of state.items) {
      if (!pick(item)) continue;
      const original = this.#messages.original(item.ID);
      if (original) out.push(original);
    }
    return out;
  }
}

/**
 * Seed 000 §4: 'All read' when nobody is left unread, 'Unread' when nobody read it, otherwise 'N read'. A message
 * whose counts are both 0 has not been counted yet (a new message starts at 0/0 until getMessageReadReceiptList
 * answers, and every counted message has at least one other member on one side): no label, never 'All read' (KGRP19).
 */
export function groupReadLabel(readCount: number, unreadCount: number): { key: string; count?: number } | null {
  if (readCount + unreadCount === 0) return null;
  if (unreadCount === 0) return { key: 'group.read.allRead' };
  if (readCount === 0) return { key: 'group.read.unread' };
  return { key: 'group.read.count', count: readCount };
}
