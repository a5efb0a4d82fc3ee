import { type ChatConversation, TYPES } from '../provider/chat-port.ts';

/** TIM's fold and hide marks (reference §15: 4 and 8 at run time). */
export const isFolded = (c: ChatConversation) => c.markList?.includes(TYPES.CONV_MARK_TYPE_FOLD) ?? false;
export const isHidden = (c: ChatConversation) => c.markList?.includes(TYPES.CONV_MARK_TYPE_HIDE) ?? false;

/**
 * MARK15: a hidden conversation is listed again once a message arrives, so the kit that sees it with something
 * unread takes the mark off, for every device (MARK5).
 */
export const comesBack = (c: ChatConversation) => isHidden(c) && c.unreadCount > 0;

export type ListEntry =
  | { kind: 'conversation'; conversation: ChatConversation; folded: boolean }
  | { kind: 'folder'; count: number; unread: number; expanded: boolean };

/**
 * What the list shows (CGRP16, MARK14–MARK16): the selected group's conversations ('' for all); hidden ones left out
 * unless coming back; folded ones behind one 'Folded chats' row at the top, listed under it while it is expanded.
 */
export function arrange(
  list: readonly ChatConversation[],
  selected: string,
  expanded: boolean,
  openID: string | null,
): ListEntry[] {
  const shown = list.filter(
    (c) =>
      (selected === '' || (c.conversationGroupList?.includes(selected) ?? false)) &&
      // MARK19: the open conversation stays listed while it is open, hidden or not.
      (!isHidden(c) || comesBack(c) || c.conversationID === openID),
  );
  const folded = shown.filter(isFolded);
  const rest = shown
    .filter((c) => !isFolded(c))
    .map((conversation): ListEntry => ({ kind: 'conversation', conversation, folded: false }));
  if (folded.length === 0) return rest;
  const unread = folded.reduce(
    (sum, c) => sum + (c.messageRemindType === TYPES.MSG_REMIND_ACPT_AND_NOTE ? c.unreadCount : 0),
    0,
  );
  const folder: ListEntry = { kind: 'folder', count: folded.length, unread, expanded };
  const inside = expanded
    ? folded.map((conversation): ListEntry => ({ kind: 'conversation', conversation, folded: true }))
    : [];
  return [folder, ...inside, ...rest];
}
