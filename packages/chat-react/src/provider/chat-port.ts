import TencentCloudChat from '@parley/chat';

/**
 * The part of the TIM-shaped SDK (`@parley/chat`, reference §3, §4, §10–12) the kit calls. It is written as a
 * structural interface so the kit states exactly what it needs: any object with these methods (the Parley SDK, the
 * Tencent Cloud Chat SDK, a test double) can drive it. Field types are kept loose where SDKs differ in precision.
 */

export const EVENT = TencentCloudChat.EVENT;
export const TYPES = TencentCloudChat.TYPES;

export interface ChatMessage {
  ID: string;
  type: string;
  payload: unknown;
  conversationID: string;
  conversationType: string;
  to: string;
  from: string;
  flow: string;
  time: number;
  status: string;
  sequence: number;
  nick: string;
  avatar: string;
  isPeerRead: boolean;
  isRevoked: boolean;
  isDeleted?: boolean;
  cloudCustomData?: string;
  /** Group messages: the sender's name card in the group at send time. */
  nameCard?: string;
  atUserList?: string[];
  needReadReceipt?: boolean;
  readReceiptInfo?: ReadReceiptInfo;
  /** Upload progress of a media message being sent, 0..1 (decision 0016). */
  progress?: number;
  /** Parley (decision 0046): server seconds of the sender's last edit of the text; absent or 0 if never. */
  editTime?: number;
}

export interface ReadReceiptInfo {
  readCount: number;
  unreadCount: number;
  isPeerRead?: boolean;
}

export interface GroupAtInfo {
  atTypeArray: number[];
  messageSequence?: number;
  from?: string;
}

/** `conversation.groupProfile` (reference §12.3, seed 000 §3). */
export interface ConversationGroupProfile {
  groupID: string;
  name: string;
  avatar?: string;
  type: string;
  notification?: string;
  joinOption?: string;
  memberCount?: number;
  muteAllMembers?: boolean;
  ownerID?: string;
  selfInfo?: { role?: string; userID?: string; muteUntil?: number; nameCard?: string };
}

export interface ChatProfile {
  userID: string;
  nick: string;
  avatar: string;
}

export interface ChatLastMessage {
  lastTime: number;
  fromAccount: string;
  type: string;
  payload: unknown;
  messageForShow: string;
  isRevoked: boolean;
  isPeerRead?: boolean;
  nick?: string;
  nameCard?: string;
}

export interface ChatConversation {
  conversationID: string;
  type: string;
  unreadCount: number;
  isPinned: boolean;
  messageRemindType: string;
  lastMessage: ChatLastMessage | null | undefined;
  userProfile?: ChatProfile | undefined;
  groupProfile?: ConversationGroupProfile | undefined;
  groupAtInfoList?: readonly GroupAtInfo[] | undefined;
  /** My draft, kept on the server (decision 0041); '' or absent when none. */
  draftText?: string | undefined;
  /** My marks (decision 0043): TYPES.CONV_MARK_TYPE_* values; absent when the SDK keeps none. */
  markList?: readonly number[] | undefined;
  /** My conversation groups holding it (decision 0049); absent when the SDK keeps none. */
  conversationGroupList?: readonly string[] | undefined;
}

export interface ChatResponse<T> {
  code: number;
  data: T;
}

export interface ChatEvent {
  name: string;
  data: unknown;
}

export interface MessageListPage {
  messageList: ChatMessage[];
  nextReqMessageID: string;
  isCompleted: boolean;
}

/** What the kit calls on the SDK. Every method returns TIM's `{code, data}` envelope or rejects with `{code, message}`. */
export interface ChatPort {
  on(name: string, handler: (event: ChatEvent) => void): void;
  off(name: string, handler: (event: ChatEvent) => void): void;
  isReady(): boolean;
  getLoginUser(): string;
  getConversationList(): Promise<ChatResponse<{ conversationList: ChatConversation[] }>>;
  getConversationProfile(conversationID: string): Promise<ChatResponse<{ conversation: ChatConversation }>>;
  deleteConversation(conversationID: string): Promise<unknown>;
  pinConversation(options: { conversationID: string; isPinned: boolean }): Promise<unknown>;
  setMessageRemindType(
    options: { userIDList: string[]; messageRemindType: string } | { groupID: string; messageRemindType: string },
  ): Promise<unknown>;
  setMessageRead(options: { conversationID: string }): Promise<unknown>;
  /** Drafts on the server (decision 0041); an SDK without it keeps no drafts. */
  setConversationDraft?(options: { conversationID: string; draftText: string }): Promise<unknown>;
  /** Conversation marks on the server (decision 0043); an SDK without it shows no mark items. */
  markConversation?(options: { conversationIDList: string[]; markType: number; enableMark: boolean }): Promise<unknown>;
  /** Conversation groups on the server (decision 0049); an SDK without them shows no group tabs or items. */
  getConversationGroupList?(): Promise<ChatResponse<string[]>>;
  createConversationGroup?(options: { groupName: string; conversationIDList: string[] }): Promise<unknown>;
  deleteConversationGroup?(groupName: string): Promise<unknown>;
  renameConversationGroup?(options: { oldName: string; newName: string }): Promise<unknown>;
  addConversationsToGroup?(options: { groupName: string; conversationIDList: string[] }): Promise<unknown>;
  deleteConversationsFromGroup?(options: { groupName: string; conversationIDList: string[] }): Promise<unknown>;
  getTotalUnreadMessageCount(): number;
  getMessageList(options: {
    conversationID: string;
    nextReqMessageID?: string;
    count?: number;
  }): Promise<ChatResponse<MessageListPage>>;
  createTextMessage(options: {
    to: string;
    conversationType: string;
    payload: { text: string };
    needReadReceipt?: boolean;
    /** One-to-one texts carry `messageFeature.needTyping` (decision 0015). */
    cloudCustomData?: string;
  }): ChatMessage;
  sendMessage(
    message: ChatMessage,
    options?: { onProgress?: (percent: number) => void },
  ): Promise<ChatResponse<{ message: ChatMessage }>>;
  resendMessage(message: ChatMessage): Promise<ChatResponse<{ message: ChatMessage }>>;
}

/** The SDK's rejection value (reference §2.4): an Error with a numeric code and a data object. */
export interface ChatFailure {
  code: number;
  message: string;
  data?: { message?: ChatMessage } & Record<string, unknown>;
}

export function asFailure(err: unknown): ChatFailure {
  if (typeof err === 'object' && err !== null) {
    const e = err as { code?: unknown; message?: unknown; data?: unknown };
    return {
      code: typeof e.code === 'number' ? e.code : 0,
      message: typeof e.message === 'string' ? e.message : String(err),
      ...(typeof e.data === 'object' && e.data !== null ? { data: e.data as ChatFailure['data'] & object } : {}),
    };
  }
  return { code: 0, message: String(err) };
}

/** `C2C<userID>` → userID; `GROUP<groupID>` → groupID (reference §4, conversation ID formats). */
export function peerOf(conversationID: string): string {
  if (conversationID.startsWith('C2C')) return conversationID.slice(3);
  if (conversationID.startsWith('GROUP')) return conversationID.slice(5);
  return conversationID;
}

export function typeOf(conversationID: string): string {
  return conversationID.startsWith('GROUP') ? TYPES.CONV_GROUP : TYPES.CONV_C2C;
}
