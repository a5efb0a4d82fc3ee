import { ACTION_LIMITS } from '@parley/protocol';
import { safeUrl } from '../../rich/rich-rules.ts';

/** The kit's reaction bar: plain emoji the server accepts as reaction IDs (rule ACT21). */
export const REACTION_EMOJI = ['😄', '❤️', '😂', '😮', '😢', '😍'] as const;

/** Characters of a reaction ID a chip shows; longer IDs (an application's own names) are cut with an ellipsis. */
export const REACTION_LABEL_CHARS = 12;

/**
 * What a reaction chip shows for an ID (KACT46): the ID itself, cut to REACTION_LABEL_CHARS characters (whole
 * characters, so an emoji is never split) with an ellipsis; the full ID goes to the chip's accessible name.
 */
export function reactionLabel(reactionID: string): string {
  const chars = Array.from(reactionID);
  return chars.length <= REACTION_LABEL_CHARS ? reactionID : `${chars.slice(0, REACTION_LABEL_CHARS - 1).join('')}…`;
}

export type MessageAction =
  | 'open'
  | 'copy'
  | 'edit'
  | 'forward'
  | 'quote'
  | 'reply'
  | 'select'
  | 'revoke'
  | 'delete'
  | 'react';

export interface MenuItemLike {
  type: string;
  flow: string;
  status: string;
  time: number;
  isRevoked: boolean;
  payload: unknown;
}

/** The address a file, video or image message opens at (the largest image), when it is a safe one. */
export function openUrl(type: string, payload: unknown): string | undefined {
  const p = (payload ?? {}) as { fileUrl?: unknown; videoUrl?: unknown; imageInfoArray?: unknown };
  if (type === 'TIMFileElem') return safeUrl(p.fileUrl);
  if (type === 'TIMVideoFileElem') return safeUrl(p.videoUrl);
  if (type !== 'TIMImageElem' || !Array.isArray(p.imageInfoArray)) return undefined;
  return safeUrl((p.imageInfoArray[0] as { url?: unknown } | undefined)?.url);
}

const NOT_REVOCABLE = new Set(['TIMCustomElem', 'TIMGroupTipElem', 'TIMGroupSystemNoticeElem']);

/**
 * What the actions menu offers for a message (rule KACT7): open for files, videos and images on desktop;
 * copy for texts; recall for the user's own
 * stored non-custom messages within the window; forward, quote, reply, multi-select, delete and reactions for stored
 * messages (KACT15); edit when the caller found the message editable (EDIT12: own stored text within the window).
 * Nothing for recalled ones.
 */
export function actionsFor(
  item: MenuItemLike,
  nowSeconds: number,
  canAct: boolean,
  touch = false,
  canEdit = false,
): MessageAction[] {
  if (item.isRevoked || item.type === 'TIMGroupTipElem' || item.type === 'TIMGroupSystemNoticeElem') return [];
  const actions: MessageAction[] = [];
  // Seed 000 §2: 'open' for files, videos and images, not on a phone (a tap on the bubble opens them there).
  if (!touch && item.status === 'success' && openUrl(item.type, item.payload)) actions.push('open');
  const text = (item.payload as { text?: unknown } | null)?.text;
  if (item.type === 'TIMTextElem' && typeof text === 'string') actions.push('copy');
  if (!canAct || item.status !== 'success') return actions;
  if (canEdit) actions.push('edit');
  const young = nowSeconds - item.time <= ACTION_LIMITS.revokeWindowSeconds;
  actions.push('forward', 'quote', 'reply', 'select');
  if (item.flow === 'out' && !NOT_REVOCABLE.has(item.type) && young) actions.push('revoke');
  actions.push('delete', 'react');
  return actions;
}
