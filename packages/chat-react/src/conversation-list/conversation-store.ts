import { Store } from '../core/store.ts';
import { type ChatConversation, type ChatEvent, type ChatPort, EVENT } from '../provider/chat-port.ts';
import { sortConversations } from './order.ts';

export interface ConversationsState {
  list: readonly ChatConversation[];
  /** The first list arrived: an empty list then means "no conversations", not "loading". */
  loaded: boolean;
}

/** Plain copies: the SDK may mutate its conversation objects, and snapshots must change when a row changes. */
function copy(c: ChatConversation): ChatConversation {
  return {
    conversationID: c.conversationID,
    type: c.type,
    unreadCount: c.unreadCount,
    isPinned: c.isPinned,
    messageRemindType: c.messageRemindType,
    lastMessage: c.lastMessage ? { ...c.lastMessage } : null,
    // Decision 0041: the draft kept on the server.
    ...(c.draftText ? { draftText: c.draftText } : {}),
    // Decision 0043: my marks.
    ...(c.markList?.length ? { markList: [...c.markList] } : {}),
    // Decision 0049: my conversation groups.
    ...(c.conversationGroupList?.length ? { conversationGroupList: [...c.conversationGroupList] } : {}),
    ...(c.userProfile ? { userProfile: { ...c.userProfile } } : {}),
    ...(c.groupProfile
      ? {
          groupProfile: {
            ...c.groupProfile,
            ...(c.groupProfile.selfInfo ? { selfInfo: { ...c.groupProfile.selfInfo } } : {}),
          },
        }
      : {}),
    ...(c.groupAtInfoList
      ? { groupAtInfoList: c.groupAtInfoList.map((a) => ({ ...a, atTypeArray: [...a.atTypeArray] })) }
      : {}),
  };
}

/** The conversation list, read with getConversationList and replaced on every CONVERSATION_LIST_UPDATED. */
export class ConversationStore extends Store<ConversationsState> {
  readonly #chat: ChatPort;

  constructor(chat: ChatPort) {
    super({ list: [], loaded: false });
    this.#chat = chat;
  }

  attach(): () => void {
    const updated = (event: ChatEvent) => {
      if (Array.isArray(event.data)) this.#replace(event.data as ChatConversation[]);
    };
    const ready = () => this.load();
    const notReady = () => this.set({ list: [], loaded: false });
    this.#chat.on(EVENT.CONVERSATION_LIST_UPDATED, updated);
    this.#chat.on(EVENT.SDK_READY, ready);
    this.#chat.on(EVENT.SDK_NOT_READY, notReady);
    if (this.#chat.isReady()) this.load();
    return () => {
      this.#chat.off(EVENT.CONVERSATION_LIST_UPDATED, updated);
      this.#chat.off(EVENT.SDK_READY, ready);
      this.#chat.off(EVENT.SDK_NOT_READY, notReady);
    };
  }

  /**
   * A background read (ready, reconnected): before SDK_READY it waits for the event, and a failure is only logged,
   * since the network banner already tells the user and the next sync repairs the list.
   */
  load(): void {
    if (!this.#chat.isReady()) return;
    this.#chat.getConversationList().then(
      ({ data }) => this.#replace(data.conversationList),
      (err: unknown) => console.warn('[parley-chat] getConversationList failed', err),
    );
  }

  find(conversationID: string): ChatConversation | undefined {
    return this.getSnapshot().list.find((c) => c.conversationID === conversationID);
  }

  #replace(list: readonly ChatConversation[]): void {
    this.set({ list: sortConversations(list.map(copy)), loaded: true });
  }
}
