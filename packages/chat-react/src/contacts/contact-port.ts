import type { ChatResponse } from '../provider/chat-port.ts';

/**
 * The relationship-chain and user-status part of the TIM-shaped SDK (reference §6, §7) the kit calls. Kept apart
 * from ChatPort, like the group port, so a host passing an SDK without it still works: `contactPortOf` answers null.
 */
export interface ChatFriend {
  userID: string;
  remark: string;
  profile: { userID: string; nick: string; avatar: string; selfSignature?: string };
}

export interface ChatFriendApplication {
  userID: string;
  nick: string;
  avatar: string;
  wording: string;
  type: string;
  time: number;
}

export interface ChatUserStatus {
  userID: string;
  statusType: number;
  customStatus: string;
}

export interface ContactPort {
  getFriendList(): Promise<ChatResponse<ChatFriend[]>>;
  getFriendApplicationList(): Promise<
    ChatResponse<{ friendApplicationList: ChatFriendApplication[]; unreadCount: number }>
  >;
  getUserStatus(options: { userIDList: string[] }): Promise<ChatResponse<{ successUserList: ChatUserStatus[] }>>;
  subscribeUserStatus(options: { userIDList: string[] }): Promise<unknown>;
}

const METHODS = ['getFriendList', 'getFriendApplicationList', 'getUserStatus', 'subscribeUserStatus'] as const;

export function contactPortOf(chat: object): ContactPort | null {
  const c = chat as Record<string, unknown>;
  return METHODS.every((m) => typeof c[m] === 'function') ? (chat as unknown as ContactPort) : null;
}
