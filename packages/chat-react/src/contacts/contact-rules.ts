import type { ChatGroup } from '../group/group-port.ts';
import { TYPES } from '../provider/chat-port.ts';
import type { ChatFriend } from './contact-port.ts';

/** The relationship chain's refusals (rules CNT2–CNT8) with a product text of their own. */
const CONTACT_ERRORS: Record<number, string> = {
  30001: 'contacts.errors.badRequest',
  30003: 'contacts.errors.userNotFound',
  20003: 'contacts.errors.userNotFound',
  2701: 'contacts.errors.alreadyFriend',
  30539: 'contacts.errors.alreadyAsked',
  30516: 'contacts.errors.denied',
  30515: 'contacts.errors.inMyBlacklist',
  30525: 'contacts.errors.blockedByThem',
  30614: 'contacts.errors.noRequest',
  2742: 'contacts.errors.badRequest',
  20007: 'contacts.errors.blockedByThem',
};

export function contactErrorKey(code: number): string | null {
  return CONTACT_ERRORS[code] ?? null;
}

/** A friend's name in the list and the details: remark, else nickname, else user ID (seed 001 §2.6). */
export function friendName(friend: ChatFriend): string {
  return friend.remark || friend.profile.nick || friend.userID;
}

/** Friends under one heading of the friend list: a friend group's name, or null for friends in no group. */
export interface FriendHeading<F extends ChatFriend = ChatFriend> {
  name: string | null;
  friends: F[];
}

/**
 * The friend list by friend group (KCNT17): each group in order of first appearance, a friend in several groups
 * under each, then those in none. Without any group it is one heading-less list, as before friend groups.
 */
export function friendsByGroup<F extends ChatFriend>(friends: readonly F[]): FriendHeading<F>[] {
  const named = new Map<string, F[]>();
  const ungrouped: F[] = [];
  for (const friend of friends) {
    const groups = friend.groupList ?? [];
    if (groups.length === 0) ungrouped.push(friend);
    for (const name of groups) named.set(name, [...(named.get(name) ?? []), friend]);
  }
  if (named.size === 0) return [{ name: null, friends: [...friends] }];
  const headings: FriendHeading<F>[] = [...named].map(([name, list]) => ({ name, friends: list }));
  return ungrouped.length > 0 ? [...headings, { name: null, friends: ungrouped }] : headings;
}

export type GroupDetailButton = 'enter' | 'dismiss' | 'quit';

/**
 * Seed 001 §4 'Group detail buttons' for a group the user is in (KCNT13): members get 'enter group chat'; the owner
 * of a group that is not a work group (Private) dismisses it; everyone else, the work group's owner included
 * (who may not dismiss it, seed 001 §6), quits. Non-members reach a group only through the search, whose dialog
 * shows join / apply / 'already applied' / 'already joined' (KGRP9).
 */
export function groupDetailButtons(group: ChatGroup, selfID: string): GroupDetailButton[] {
  const owner = group.ownerID === selfID || group.selfInfo?.role === TYPES.GRP_MBR_ROLE_OWNER;
  return ['enter', owner && group.type !== TYPES.GRP_WORK ? 'dismiss' : 'quit'];
}

/** A user ID typed in 'add friend': trimmed; empty or oneself asks nothing (CNT2 would refuse it anyway). */
export function friendSearchQuery(input: string, selfID: string): string | null {
  const id = input.trim();
  return id === '' || id === selfID ? null : id;
}
