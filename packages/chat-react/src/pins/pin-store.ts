import type { CurrentStore } from '../chat/current-store.ts';
import { Store } from '../core/store.ts';
import { type ChatEvent, type ChatMessage, type ChatPort, EVENT, TYPES } from '../provider/chat-port.ts';

/** What the pins need of the SDK (decision 0041); an SDK without them shows no bar. */
export interface PinPort {
  pinGroupMessage?(options: { groupID: string; message: { ID: string }; isPinned: boolean }): Promise<unknown>;
  getPinnedGroupMessageList?(groupID: string): Promise<{ data: { messageList: ChatMessage[] } }>;
}

export interface PinsState {
  /** The open group, or null when no group is open. */
  groupID: string | null;
  /** Oldest pin first, as the server answers. */
  list: readonly ChatMessage[];
}

const NONE: PinsState = { groupID: null, list: [] };

interface PinEvent {
  groupID: string;
  message: ChatMessage;
  isPinned: boolean;
}

/**
 * The open group's pinned messages (PIN9): read when the group opens, then kept by PINNED_GROUP_MESSAGE_UPDATED
 * (push is a hint: the next opening reads them again).
 */
export class PinStore extends Store<PinsState> {
  readonly #chat: ChatPort & PinPort;
  readonly #current: CurrentStore;
  readonly #onError: (err: unknown) => void;

  constructor(chat: ChatPort & PinPort, current: CurrentStore, onError: (err: unknown) => void) {
    super(NONE);
    this.#chat = chat;
    this.#current = current;
    this.#onError = onError;
  }

  attach(): () => void {
    const opened = () => this.#opened(this.#current.getSnapshot().conversationID);
    const updated = (event: ChatEvent) => this.#updated(event.data as PinEvent);
    const unsubscribe = this.#current.subscribe(opened);
    this.#chat.on(EVENT.PINNED_GROUP_MESSAGE_UPDATED, updated);
    opened();
    return () => {
      unsubscribe();
      this.#chat.off(EVENT.PINNED_GROUP_MESSAGE_UPDATED, updated);
    };
  }

  /** Owner and admins only; the server refuses anyone else (PIN2). */
  setPinned(message: ChatMessage, isPinned: boolean): void {
    const { groupID } = this.getSnapshot();
    if (!groupID || !this.#chat.pinGroupMessage) return;
    this.#chat.pinGroupMessage({ groupID, message, isPinned }).catch(this.#onError);
  }

  #opened(conversationID: string | null): void {
    const groupID = conversationID?.startsWith(TYPES.CONV_GROUP) ? conversationID.slice(TYPES.CONV_GROUP.length) : null;
    if (groupID === this.getSnapshot().groupID) return;
    this.set({ groupID, list: [] });
    if (!groupID || !this.#chat.getPinnedGroupMessageList) return;
    this.#chat.getPinnedGroupMessageList(groupID).then(
      ({ data }) => {
        if (this.getSnapshot().groupID === groupID) this.set({ groupID, list: data.messageList });
      },
      (err: unknown) => console.warn('[parley-chat] getPinnedGroupMessageList failed', err),
    );
  }

  #updated(event: PinEvent): void {
    const state = this.getSnapshot();
    if (!event || event.groupID !== state.groupID) return;
    const rest = state.list.filter((m) => m.ID !== event.message.ID);
    this.set({ ...state, list: event.isPinned ? [...rest, event.message] : rest });
  }
}
