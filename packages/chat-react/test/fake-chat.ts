import type {
  ChatConversation,
  ChatEvent,
  ChatMessage,
  ChatPort,
  ChatResponse,
  MessageListPage,
} from '../src/provider/chat-port.ts';

/** A TIM-shaped test double: a history per conversation, controllable sends, events emitted by hand. */
export class FakeChat implements ChatPort {
  readonly handlers = new Map<string, Set<(event: ChatEvent) => void>>();
  readonly history = new Map<string, ChatMessage[]>();
  conversations: ChatConversation[] = [];
  readonly calls: string[] = [];
  sendResult: 'success' | { code: number; message: string } = 'success';
  #sequence = 1000;
  #id = 0;

  on(name: string, handler: (event: ChatEvent) => void): void {
    const set = this.handlers.get(name) ?? new Set();
    set.add(handler);
    this.handlers.set(name, set);
  }

  off(name: string, handler: (event: ChatEvent) => void): void {
    this.handlers.get(name)?.delete(handler);
  }

  emit(name: string, data: unknown): void {
    for (const handler of this.handlers.get(name) ?? []) handler({ name, data });
  }

  ready = true;

  isReady(): boolean {
    return this.ready;
  }

  getLoginUser(): string {
    return 'me';
  }

  async getConversationList(): Promise<ChatResponse<{ conversationList: ChatConversation[] }>> {
    this.calls.push('conversations');
    if (!this.ready) throw Object.assign(new Error('SDK is not ready'), { code: 2999 });
    return { code: 0, data: { conversationList: this.conversations } };
  }

  async getConversationProfile(conversationID: string): Promise<ChatResponse<{ conversation: ChatConversation }>> {
    if (conversationID === 'C2Cnobody') throw Object.assign(new Error('The user does not exist'), { code: 20003 });
    return { code: 0, data: { conversation: conversation(conversationID) } };
  }

  async deleteConversation(id: string): Promise<unknown> {
    this.calls.push(`delete ${id}`);
    return {};
  }

  async pinConversation(o: { conversationID: string; isPinned: boolean }): Promise<unknown> {
    this.calls.push(`pin ${o.conversationID} ${o.isPinned}`);
    return {};
  }

  async setMessageRemindType(o: { userIDList: string[]; messageRemindType: string }): Promise<unknown> {
    this.calls.push(`remind ${o.userIDList.join(',')} ${o.messageRemindType}`);
    return {};
  }

  async setMessageRead(o: { conversationID: string }): Promise<unknown> {
    this.calls.push(`read ${o.conversationID}`);
    return {};
  }

  getTotalUnreadMessageCount(): number {
    return 0;
  }

  /** TIM's paging: newest page first, oldest→newest inside a page, nextReqMessageID names the oldest. */
  async getMessageList(o: {
    conversationID: string;
    nextReqMessageID?: string;
    count?: number;
  }): Promise<ChatResponse<MessageListPage>> {
    this.calls.push(`list ${o.conversationID} ${o.nextReqMessageID ?? ''}`);
    const all = this.history.get(o.conversationID) ?? [];
    const end = o.nextReqMessageID ? all.findIndex((m) => m.ID === o.nextReqMessageID) : all.length;
    const start = Math.max(0, end - (o.count ?? 15));
    const messageList = all.slice(start, end);
    return { code: 0, data: { messageList, nextReqMessageID: messageList[0]?.ID ?? '', isCompleted: start === 0 } };
  }

  createTextMessage(o: {
    to: string;
    conversationType: string;
    payload: { text: string };
    needReadReceipt?: boolean;
  }): ChatMessage {
    this.#id += 1;
    return {
      ...incoming(`C2C${o.to}`, `local-${this.#id}`, o.payload.text, 0),
      flow: 'out',
      from: 'me',
      to: o.to,
      status: 'unSend',
      time: 0,
    };
  }

  async sendMessage(message: ChatMessage): Promise<ChatResponse<{ message: ChatMessage }>> {
    this.calls.push(`send ${message.ID}`);
    return this.#settle(message);
  }

  async resendMessage(message: ChatMessage): Promise<ChatResponse<{ message: ChatMessage }>> {
    this.calls.push(`resend ${message.ID}`);
    return this.#settle(message);
  }

  #settle(message: ChatMessage): ChatResponse<{ message: ChatMessage }> {
    if (this.sendResult !== 'success') {
      message.status = 'fail';
      throw Object.assign(new Error(this.sendResult.message), { code: this.sendResult.code, data: { message } });
    }
    this.#sequence += 1;
    message.status = 'success';
    message.sequence = this.#sequence;
    message.time = 1_700_000_000;
    return { code: 0, data: { message } };
  }
}

export function incoming(conversationID: string, ID: string, text: string, sequence: number): ChatMessage {
  return {
    ID,
    type: 'TIMTextElem',
    payload: { text },
    conversationID,
    conversationType: 'C2C',
    to: 'me',
    from: conversationID.slice(3),
    flow: 'in',
    time: 1_700_000_000 + sequence,
    status: 'success',
    sequence,
    nick: '',
    avatar: '',
    isPeerRead: false,
    isRevoked: false,
  };
}

export function conversation(conversationID: string, over: Partial<ChatConversation> = {}): ChatConversation {
  return {
    conversationID,
    type: 'C2C',
    unreadCount: 0,
    isPinned: false,
    messageRemindType: 'AcceptAndNotify',
    lastMessage: null,
    userProfile: { userID: conversationID.slice(3), nick: '', avatar: '' },
    ...over,
  };
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** n messages 1..n from the peer of `conversationID`. */
export function history(conversationID: string, n: number): ChatMessage[] {
  return Array.from({ length: n }, (_, i) => incoming(conversationID, `m${i + 1}`, `text ${i + 1}`, i + 1));
}
