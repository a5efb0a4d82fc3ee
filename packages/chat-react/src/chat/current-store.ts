import { Store } from '../core/store.ts';
import { type ChatConversation, type ChatPort, TYPES } from '../provider/chat-port.ts';

export interface CurrentState {
  conversationID: string | null;
  /** The conversation when it is not (yet) in the list: a new chat with someone never messaged. */
  profile: ChatConversation | null;
}

const NONE: CurrentState = { conversationID: null, profile: null };

/** Which conversation is open. When the open conversation disappears from the list, the chat clears (seed 000 §4). */
export class CurrentStore extends Store<CurrentState> {
  readonly #chat: ChatPort;
  readonly #onError: (err: unknown) => void;
  #seenInList = false;

  constructor(chat: ChatPort, onError: (err: unknown) => void) {
    super(NONE);
    this.#chat = chat;
    this.#onError = onError;
  }

  open(conversationID: string, list: readonly ChatConversation[], profile: ChatConversation | null = null): void {
    if (this.getSnapshot().conversationID === conversationID && (profile === null || this.getSnapshot().profile))
      return;
    this.#seenInList = list.some((c) => c.conversationID === conversationID);
    this.set({ conversationID, profile });
    // The system conversation (group system notices) has no profile to fetch: its view reads the notices itself.
    if (!this.#seenInList && profile === null && conversationID !== TYPES.CONV_SYSTEM)
      this.#loadProfile(conversationID);
  }

  close(): void {
    this.#seenInList = false;
    this.set(NONE);
  }

  /** Called with every new conversation list. */
  listChanged(list: readonly ChatConversation[]): void {
    const { conversationID } = this.getSnapshot();
    if (conversationID === null) return;
    const present = list.some((c) => c.conversationID === conversationID);
    if (present) this.#seenInList = true;
    else if (this.#seenInList && conversationID !== TYPES.CONV_SYSTEM) this.close();
  }

  #loadProfile(conversationID: string): void {
    this.#chat.getConversationProfile(conversationID).then(
      ({ data }) => {
        if (this.getSnapshot().conversationID === conversationID)
          this.set({ conversationID, profile: data.conversation });
      },
      (err: unknown) => {
        if (this.getSnapshot().conversationID === conversationID) this.close();
        this.#onError(err);
      },
    );
  }
}
