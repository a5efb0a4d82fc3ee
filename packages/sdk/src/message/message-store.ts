import type { WireMessage } from '@parley/protocol';
import { type Message, messageFromWire, messageKey, type Viewer } from './message.ts';

/**
 * Every message this login has seen, one object per (sender, ID). It answers findMessage, hands the same object
 * to every list and event, and is the SDK's memory of what the application already has, so a message that comes
 * back by push, catch-up or history is never delivered twice.
 */
export class MessageStore {
  readonly #byKey = new Map<string, Message>();
  readonly #byID = new Map<string, Message>();
  readonly #byConversation = new Map<string, Map<string, Message>>();

  has(from: string, ID: string): boolean {
    return this.#byKey.has(messageKey(from, ID));
  }

  get(from: string, ID: string): Message | undefined {
    return this.#byKey.get(messageKey(from, ID));
  }

  findByID(ID: string): Message | null {
    return this.#byID.get(ID) ?? null;
  }

  /**
   * The message `ID` of one conversation. IDs are unique per conversation only (rule M8): an action on a message
   * finds it here, never by ID alone, which could answer another conversation's message (rule SACT1).
   */
  findIn(conversationID: string, ID: string): Message | null {
    for (const m of this.#byConversation.get(conversationID)?.values() ?? []) if (m.ID === ID) return m;
    return null;
  }

  /** Conversations of which this login holds messages. */
  conversationIDs(): string[] {
    return [...this.#byConversation.keys()];
  }

  put(message: Message): void {
    const key = messageKey(message.from, message.ID);
    this.#byKey.set(key, message);
    this.#byID.set(message.ID, message);
    let list = this.#byConversation.get(message.conversationID);
    if (!list) {
      list = new Map();
      this.#byConversation.set(message.conversationID, list);
    }
    list.set(key, message);
  }

  /** The cached object updated from the server's copy, or a new one; `known` says whether it was cached. */
  upsert(wire: WireMessage, viewer: Viewer): { message: Message; known: boolean } {
    const cached = this.get(wire.from, wire.ID);
    if (cached) {
      cached.applyWire(wire, viewer);
      return { message: cached, known: true };
    }
    const message = messageFromWire(wire, viewer);
    this.put(message);
    return { message, known: false };
  }

  /** Messages of one conversation the server has not stored (sending or failed), oldest first. */
  unsent(conversationID: string): Message[] {
    const list = [...(this.#byConversation.get(conversationID)?.values() ?? [])];
    return list.filter((m) => m.status !== 'success').sort((a, b) => a.clientSequence - b.clientSequence);
  }

  /** Marks my stored messages up to `sequence` read by the peer; returns those that changed. */
  markPeerRead(conversationID: string, sequence: number): Message[] {
    const changed: Message[] = [];
    for (const m of this.#byConversation.get(conversationID)?.values() ?? []) {
      if (m.flow !== 'out' || m.isPeerRead || m.sequence <= 0 || m.sequence > sequence) continue;
      m.isPeerRead = true;
      m.readReceiptInfo = { ...m.readReceiptInfo, isPeerRead: true };
      changed.push(m);
    }
    return changed.sort((a, b) => a.sequence - b.sequence);
  }

  /** The peer's stored messages up to `sequence` are now read by me. */
  markRead(conversationID: string, sequence: number): void {
    for (const m of this.#byConversation.get(conversationID)?.values() ?? []) {
      if (m.flow === 'in' && m.sequence > 0 && m.sequence <= sequence) m.isRead = true;
    }
  }

  /** Forgets one message the server never stored (a cancelled send, decision 0032). */
  drop(message: Message): void {
    const key = messageKey(message.from, message.ID);
    this.#byConversation.get(message.conversationID)?.delete(key);
    this.#byKey.delete(key);
    if (this.#byID.get(message.ID) === message) this.#byID.delete(message.ID);
  }

  /** Forgets a conversation's stored messages up to `sequence` (deleted history); unsent ones stay. */
  clear(conversationID: string, sequence = Number.MAX_SAFE_INTEGER): void {
    const list = this.#byConversation.get(conversationID);
    if (!list) return;
    for (const [key, m] of list) {
      if (m.sequence <= 0 || m.sequence > sequence) continue;
      list.delete(key);
      this.#byKey.delete(key);
      if (this.#byID.get(m.ID) === m) this.#byID.delete(m.ID);
    }
  }

  reset(): void {
    this.#byKey.clear();
    this.#byID.clear();
    this.#byConversation.clear();
  }
}
