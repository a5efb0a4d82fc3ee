import type { ChatResponse } from '../provider/chat-port.ts';

/**
 * The relationship-chain, profile and user-status part of the TIM-shaped SDK (reference §6, §7, §10) the kit calls.
 * Kept apart from ChatPort, like the group port, so a host passing an SDK without it still works: `contactPortOf`
 * answers null.
 */
export interface ChatFriend {
  userID: string;
  remark: string;
  /** The user's friend groups this friend is in (reference §12.6); absent from SDKs without friend groups. */
  groupList?: string[];
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

/** Reference §12.5, the fields the kit shows and edits. */
export interface ChatProfile {
  userID: string;
  nick: string;
  avatar: string;
  gender: string;
  selfSignature: string;
  birthday: number;
}

export type ProfileEdit = Partial<Pick<ChatProfile, 'nick' | 'avatar' | 'gender' | 'selfSignature' | 'birthday'>>;

type R<T> = Promise<ChatResponse<T>>;

export interface ContactPort {
  getFriendList(): R<ChatFriend[]>;
  getFriendApplicationList(): R<{ friendApplicationList: ChatFriendApplication[]; unreadCount: number }>;
  getUserStatus(options: { userIDList: string[] }): R<{ successUserList: ChatUserStatus[] }>;
  subscribeUserStatus(options: { userIDList: string[] }): Promise<unknown>;
  getMyProfile(): R<ChatProfile>;
  getUserProfile(options: { userIDList: string[] }): R<ChatProfile[]>;
  updateMyProfile(options: ProfileEdit): R<ChatProfile>;
  addFriend(options: { to: string; source: string; wording?: string; type?: string }): R<{ code: number }>;
  acceptFriendApplication(options: { userID: string }): Promise<unknown>;
  refuseFriendApplication(options: { userID: string }): Promise<unknown>;
  setFriendApplicationRead(): Promise<unknown>;
  deleteFriend(options: { userIDList: string[] }): Promise<unknown>;
  updateFriend(options: { userID: string; remark: string }): Promise<unknown>;
  getBlacklist(): R<string[]>;
  addToBlacklist(options: { userIDList: string[] }): R<string[]>;
  removeFromBlacklist(options: { userIDList: string[] }): R<string[]>;
}

const METHODS = [
  'getFriendList',
  'getFriendApplicationList',
  'getUserStatus',
  'subscribeUserStatus',
  'getMyProfile',
  'getUserProfile',
  'updateMyProfile',
  'addFriend',
  'acceptFriendApplication',
  'refuseFriendApplication',
  'setFriendApplicationRead',
  'deleteFriend',
  'updateFriend',
  'getBlacklist',
  'addToBlacklist',
  'removeFromBlacklist',
] as const;

export function contactPortOf(chat: object): ContactPort | null {
  const c = chat as Record<string, unknown>;
  return METHODS.every((m) => typeof c[m] === 'function') ? (chat as unknown as ContactPort) : null;
}

/** Only the friend list, for parts that read it alone (the new-group dialog's member choices, KGRP12). */
export function friendListOf(chat: object): Pick<ContactPort, 'getFriendList'> | null {
  const c = chat as Record<string, unknown>;
  return typeof c.getFriendList === 'function' ? (chat as unknown as Pick<ContactPort, 'getFriendList'>) : null;
}
