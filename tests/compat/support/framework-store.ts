/**
 * A small UI-framework store written from the reference SDK description alone (shared/reference/tim-sdk-api.md),
 * the way a third-party kit drives `@tencentcloud/chat`: it knows nothing of Parley's kit or types, only the
 * reference's names, envelopes and events. tests/compat/store.test.ts runs it against the real server (decision 0014).
 */

/** The part of the reference's instance API this store uses, typed from the reference, not from Parley. */
export interface RefChat {
  login(options: { userID: string; userSig: string }): Promise<{ code: number; data: unknown }>;
  logout(): Promise<{ code: number; data: unknown }>;
  isReady(): boolean;
  on(name: string, handler: (event: { name: string; data: unknown }) => void, context?: unknown): void;
  off(name: string, handler: (event: { name: string; data: unknown }) => void, context?: unknown): void;
  callExperimentalAPI(key: string, options?: unknown): unknown;
  [method: string]: unknown;
}

export interface RefStatics {
  EVENT: Record<string, string>;
  TYPES: Record<string, string | number>;
}

export interface RefMessage {
  ID: string;
  type: string;
  payload: Record<string, unknown>;
  conversationID: string;
  from: string;
  flow: string;
  isPeerRead: boolean;
  _onlineOnlyFlag?: boolean;
}

interface RefConversation {
  conversationID: string;
  unreadCount: number;
}

/** The abilities a chat UI checks before it shows a feature, and the calls each feature then makes. */
export const ABILITY_CALLS: Record<string, { bit: number; calls: string[] }> = {
  readReceipt: { bit: 2 ** 5, calls: ['sendMessageReadReceipt', 'getMessageReadReceiptList'] },
  onlineStatus: { bit: 2 ** 7, calls: ['getUserStatus', 'subscribeUserStatus', 'unsubscribeUserStatus'] },
  reaction: { bit: 2 ** 48, calls: ['addMessageReaction', 'removeMessageReaction', 'getMessageReactions'] },
};

export class FrameworkStore {
  ready = false;
  userID = '';
  nick = '';
  conversations: RefConversation[] = [];
  openID = '';
  messages: RefMessage[] = [];
  nextReqMessageID = '';
  isCompleted = false;
  /** Who is typing to me, as the reference's typing convention carries it (custom, online-only). */
  typing = new Set<string>();
  signaling: unknown[] = [];
  handlerErrors: unknown[] = [];
  readByPeer: string[] = [];
  abilities: Record<string, boolean> = {};
  readonly #chat: RefChat;
  readonly #ref: RefStatics;

  constructor(chat: RefChat, ref: RefStatics) {
    this.#chat = chat;
    this.#ref = ref;
    const { EVENT } = ref;
    chat.on(EVENT.SDK_NOT_READY ?? '', () => this.#reset());
    chat.on(EVENT.MESSAGE_RECEIVED ?? '', (event) => this.#guard(() => this.#received(event.data as RefMessage[])));
    chat.on(EVENT.CONVERSATION_LIST_UPDATED ?? '', (event) => {
      this.conversations = event.data as RefConversation[];
    });
    chat.on(EVENT.MESSAGE_READ_BY_PEER ?? '', (event) => {
      for (const m of event.data as RefMessage[]) this.readByPeer.push(m.ID);
    });
  }

  /** The framework's own login: the SDK's login, then readiness awaited inside the promise, then the first loads. */
  login(userID: string, userSig: string): Promise<void> {
    return this.#chat.login({ userID, userSig }).then(
      () =>
        new Promise<void>((resolve, reject) => {
          const onReady = () => {
            this.#chat.off(this.#ref.EVENT.SDK_READY ?? '', onReady);
            this.ready = true;
            this.userID = userID;
            this.#afterReady().then(resolve, reject);
          };
          this.#chat.on(this.#ref.EVENT.SDK_READY ?? '', onReady);
        }),
    );
  }

  async logout(): Promise<void> {
    await this.#chat.logout();
  }

  async #afterReady(): Promise<void> {
    const profile = (await this.#call<{ nick: string }>('getMyProfile')).data;
    this.nick = profile.nick;
    const list = await this.#call<{ conversationList: RefConversation[] }>('getConversationList');
    this.conversations = list.data.conversationList;
    await this.checkAbilities();
  }

  /** Opens a conversation: its profile, then the newest page; older pages come with loadMore(). */
  async open(conversationID: string): Promise<void> {
    await this.#call('getConversationProfile', conversationID);
    this.openID = conversationID;
    this.messages = [];
    await this.loadMore();
  }

  async loadMore(): Promise<void> {
    const options: Record<string, unknown> = { conversationID: this.openID };
    if (this.nextReqMessageID) options.nextReqMessageID = this.nextReqMessageID;
    const page = await this.#call<{ messageList: RefMessage[]; nextReqMessageID: string; isCompleted: boolean }>(
      'getMessageList',
      options,
    );
    this.messages = [...page.data.messageList, ...this.messages];
    this.nextReqMessageID = page.data.nextReqMessageID;
    this.isCompleted = page.data.isCompleted;
  }

  async sendText(to: string, text: string): Promise<RefMessage> {
    const { TYPES } = this.#ref;
    const message = this.#sync<RefMessage>('createTextMessage', {
      to,
      conversationType: TYPES.CONV_C2C,
      payload: { text },
    });
    return (await this.#call<{ message: RefMessage }>('sendMessage', message)).data.message;
  }

  async sendCustom(to: string, payload: Record<string, string>): Promise<RefMessage> {
    const { TYPES } = this.#ref;
    const message = this.#sync<RefMessage>('createCustomMessage', { to, conversationType: TYPES.CONV_C2C, payload });
    return (await this.#call<{ message: RefMessage }>('sendMessage', message)).data.message;
  }

  /** The reference UIs' typing notice: a custom message sent online-only, never stored. */
  async sendTyping(to: string): Promise<void> {
    const data = JSON.stringify({ businessID: 'user_typing_status', typingStatus: 1, version: 1, userAction: 14 });
    const { TYPES } = this.#ref;
    const message = this.#sync('createCustomMessage', { to, conversationType: TYPES.CONV_C2C, payload: { data } });
    await this.#call('sendMessage', message, { onlineUserOnly: true });
  }

  async markRead(): Promise<void> {
    await this.#call('setMessageRead', { conversationID: this.openID });
  }

  unreadTotal(): number {
    return this.#sync<number>('getTotalUnreadMessageCount');
  }

  /** Asks for each ability; a UI then shows the feature and makes its calls, which must exist. */
  async checkAbilities(): Promise<void> {
    for (const [name, { bit }] of Object.entries(ABILITY_CALLS)) {
      const answer = (await this.#chat.callExperimentalAPI('isCommercialAbilityEnabled', bit)) as {
        data: { enabled: boolean };
      };
      this.abilities[name] = answer.data.enabled;
    }
  }

  #received(messages: RefMessage[]): void {
    const { TYPES } = this.#ref;
    for (const message of messages) {
      if (message.type === TYPES.MSG_CUSTOM) {
        // Every received custom message goes through the signalling check first, as the reference kits do.
        const info = (this.#chat.getSignalingInfo as (m: RefMessage) => unknown)(message);
        if (info) {
          this.signaling.push(info);
          continue;
        }
        if (this.#isTyping(message)) {
          this.typing.add(message.from);
          continue;
        }
      }
      if (message.conversationID === this.openID) this.messages.push(message);
    }
  }

  #isTyping(message: RefMessage): boolean {
    const data = message.payload.data;
    if (typeof data !== 'string') return false;
    try {
      return (JSON.parse(data) as { businessID?: unknown })?.businessID === 'user_typing_status';
    } catch {
      return false;
    }
  }

  #reset(): void {
    this.ready = false;
    this.conversations = [];
    this.openID = '';
    this.messages = [];
    this.nextReqMessageID = '';
    this.typing.clear();
  }

  /** A handler that throws inside the SDK's dispatch is swallowed there; the store records it to notice. */
  #guard(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.handlerErrors.push(err);
    }
  }

  #call<T = unknown>(method: string, ...args: unknown[]): Promise<{ code: number; data: T }> {
    const fn = this.#chat[method];
    if (typeof fn !== 'function') throw new TypeError(`chat.${method} is not a function`);
    return fn.apply(this.#chat, args) as Promise<{ code: number; data: T }>;
  }

  #sync<T = unknown>(method: string, ...args: unknown[]): T {
    const fn = this.#chat[method];
    if (typeof fn !== 'function') throw new TypeError(`chat.${method} is not a function`);
    return fn.apply(this.#chat, args) as T;
  }
}
