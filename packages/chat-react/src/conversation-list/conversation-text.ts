import type { Translate } from '../i18n/translate.ts';
import { businessIDOf, GROUP_CREATE } from '../message-list/custom-summary.ts';
import { messageSummary } from '../message-list/summary.ts';
import type { NameOf } from '../names/name-store.ts';
import { type ChatConversation, peerOf, TYPES } from '../provider/chat-port.ts';

// What a conversation shows as words: the list's rows, the chat header, the forward dialog and the stores that name a
// conversation all read it here, so no store imports a row component.

export const isMuted = (c: ChatConversation) => c.messageRemindType === TYPES.MSG_REMIND_ACPT_NOT_NOTE;

/** A group's name, the system conversation's title (with `t`), else the peer's nick or ID. */
export function conversationName(c: ChatConversation, t?: Translate): string {
  if (c.conversationID === TYPES.CONV_SYSTEM && t) return t('group.notice.title');
  if (c.groupProfile) return c.groupProfile.name || c.groupProfile.groupID;
  return c.userProfile?.nick || c.userProfile?.userID || peerOf(c.conversationID);
}

/** Seed 000 §3, decision 0012: '[someone @ me]' / '[@ all]' before the preview while the mention is unread. */
export function mentionMark(c: ChatConversation, t: Translate): string {
  if (c.unreadCount <= 0 || !c.groupAtInfoList?.length) return '';
  const types = new Set(c.groupAtInfoList.flatMap((a) => a.atTypeArray));
  const me = types.has(TYPES.CONV_AT_ME) || types.has(TYPES.CONV_AT_ALL_AT_ME);
  const all = types.has(TYPES.CONV_AT_ALL) || types.has(TYPES.CONV_AT_ALL_AT_ME);
  return `${me ? t('group.mention.someoneAtMe') : ''}${all ? t('group.mention.atAll') : ''}`;
}

export const avatarOf = (c: ChatConversation) => c.groupProfile?.avatar ?? c.userProfile?.avatar;

/**
 * The last message in one line; in a group, another member's message is prefixed with their name (KGRP6). People are
 * named through `nameOf` (KGRP15).
 */
export function previewOf(c: ChatConversation, selfID: string, t: Translate, nameOf?: NameOf): string {
  const last = c.lastMessage;
  // A group nobody has written in yet has an empty last message: no preview, not '[unsupported message]'.
  if (!last?.type) return '';
  const text = messageSummary(
    {
      type: last.type,
      payload: last.payload,
      isRevoked: last.isRevoked,
      from: last.fromAccount,
      nick: last.nick,
      nameCard: last.nameCard,
    },
    selfID,
    t,
    nameOf,
  );
  const notice =
    last.type === TYPES.MSG_GRP_TIP ||
    last.type === TYPES.MSG_GRP_SYS_NOTICE ||
    (last.type === TYPES.MSG_CUSTOM && businessIDOf(last.payload) === GROUP_CREATE);
  if (!c.conversationID.startsWith(TYPES.CONV_GROUP) || notice || last.isRevoked || !last.fromAccount) return text;
  if (last.fromAccount === selfID) return text;
  return `${last.nameCard || last.nick || nameOf?.(last.fromAccount) || last.fromAccount}: ${text}`;
}
