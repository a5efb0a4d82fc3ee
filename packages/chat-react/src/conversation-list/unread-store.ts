import { Store } from '../core/store.ts';
import { type ChatEvent, type ChatPort, EVENT } from '../provider/chat-port.ts';

/** The total unread count (getTotalUnreadMessageCount, TOTAL_UNREAD_MESSAGE_COUNT_UPDATED). */
export class UnreadStore extends Store<number> {
  readonly #chat: ChatPort;

  constructor(chat: ChatPort) {
    super(0);
    this.#chat = chat;
  }

  attach(): () => void {
    const updated = (event: ChatEvent) => {
      if (typeof event.data === 'number') this.set(event.data);
    };
    const read = () => this.set(this.#chat.isReady() ? this.#chat.getTotalUnreadMessageCount() : 0);
    this.#chat.on(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, updated);
    this.#chat.on(EVENT.SDK_READY, read);
    this.#chat.on(EVENT.SDK_NOT_READY, read);
    read();
    return () => {
      this.#chat.off(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, updated);
      this.#chat.off(EVENT.SDK_READY, read);
      this.#chat.off(EVENT.SDK_NOT_READY, read);
    };
  }
}
