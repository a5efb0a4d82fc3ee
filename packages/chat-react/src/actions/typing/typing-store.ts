import { Store } from '../../core/store.ts';
import type { MessageStore } from '../../message-list/message-store.ts';
import { type ChatEvent, type ChatMessage, type ChatPort, EVENT, peerOf, TYPES } from '../../provider/chat-port.ts';
import { TypingIndicator, TypingSender, typingData, typingStatusOf } from './typing.ts';

/** The SDK methods typing needs (reference §3.1, §3.2); an SDK without them sends no typing signals. */
interface TypingPort {
  createCustomMessage(options: {
    to: string;
    conversationType: string;
    payload: { data: string; description: string; extension: string };
  }): ChatMessage;
  sendMessage(message: ChatMessage, options: { onlineUserOnly: boolean }): Promise<unknown>;
}

function typingPortOf(chat: object): TypingPort | null {
  const c = chat as Record<string, unknown>;
  return typeof c.createCustomMessage === 'function' && typeof c.sendMessage === 'function'
    ? (chat as unknown as TypingPort)
    : null;
}

const asTyping = (m: ChatMessage) => ({
  type: m.type,
  payload: (m.payload ?? {}) as Record<string, unknown>,
  cloudCustomData: m.cloudCustomData ?? '',
  time: m.time,
});

/**
 * Typing in the open one-to-one chat (rule KACT6): whether the peer is typing (the header's text) and
 * the user's own signals, sent online-only by the rules of TypingSender. Group chats have neither.
 */
export class TypingStore extends Store<boolean> {
  readonly #chat: ChatPort;
  readonly #messages: MessageStore;
  #conversationID: string | null = null;
  #sender: TypingSender | null = null;
  #indicator: TypingIndicator | null = null;
  #seen: string | null = null;

  constructor(chat: ChatPort, messages: MessageStore) {
    super(false);
    this.#chat = chat;
    this.#messages = messages;
  }

  attach(): () => void {
    const received = (event: ChatEvent) => {
      for (const m of event.data as ChatMessage[]) this.#incoming(m);
    };
    this.#chat.on(EVENT.MESSAGE_RECEIVED, received);
    const unsubscribe = this.#messages.subscribe(() => this.#follow());
    return () => {
      this.#chat.off(EVENT.MESSAGE_RECEIVED, received);
      unsubscribe();
      this.#indicator?.dispose();
    };
  }

  /** The input's text changed. */
  input(text: string): void {
    this.#sender?.input(text);
  }

  /** The input emptied by a send, lost focus, or the conversation is left. */
  stop(): void {
    this.#sender?.stop();
  }

  #follow(): void {
    const { conversationID, items } = this.#messages.getSnapshot();
    if (conversationID !== this.#conversationID) {
      this.#sender?.stop();
      this.#indicator?.dispose();
      this.#conversationID = conversationID;
      this.#seen = null;
      this.set(false);
      const c2c = conversationID?.startsWith(TYPES.CONV_C2C) ?? false;
      const port = typingPortOf(this.#chat);
      this.#sender =
        c2c && port && conversationID ? new TypingSender((s) => this.#send(port, conversationID, s)) : null;
      this.#indicator = c2c ? new TypingIndicator((typing) => this.set(typing)) : null;
    }
    // The peer's newest message of the loaded page tells whether typing signals are wanted and recent.
    const last = items.findLast((m) => m.flow === 'in');
    if (last && last.ID !== this.#seen) {
      this.#seen = last.ID;
      const original = this.#messages.original(last.ID);
      if (original) this.#sender?.peerMessage(asTyping(original));
    }
  }

  #incoming(m: ChatMessage): void {
    if (m.conversationID !== this.#conversationID || m.flow !== 'in') return;
    const status = typingStatusOf(asTyping(m));
    if (status !== undefined) {
      this.#indicator?.received(status);
      return;
    }
    this.#sender?.peerMessage(asTyping(m));
    // A message from the peer ends their typing.
    this.#indicator?.received(0);
  }

  #send(port: TypingPort, conversationID: string, status: 0 | 1): void {
    try {
      const message = port.createCustomMessage({
        to: peerOf(conversationID),
        conversationType: TYPES.CONV_C2C,
        payload: { data: typingData(status), description: '', extension: '' },
      });
      // A lost typing signal is harmless: the next one, or the 5 s timeout, corrects the peer's header.
      port.sendMessage(message, { onlineUserOnly: true }).catch(() => undefined);
    } catch {
      // Not ready (logging out): no signal.
    }
  }
}
