import { TYPES } from '../provider/chat-port.ts';

/** seed 000 §5: the '@' picker's rules (KGRP7). */

export interface MentionCandidate {
  /** A member's user ID, or TYPES.MSG_AT_ALL for 'everyone'. */
  userID: string;
  label: string;
  avatar?: string | undefined;
}

export const AT_ALL: string = TYPES.MSG_AT_ALL;

/** The '@' being typed at the caret: it starts the text or follows a space, and no space is typed after it. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1] ?? '')) return null;
  const query = before.slice(at + 1);
  if (/\s/.test(query)) return null;
  return { start: at, query };
}

interface MemberLike {
  userID: string;
  nick?: string | undefined;
  nameCard?: string | undefined;
  avatar?: string | undefined;
}

/** Whether a member answers the typed query: its nick or user ID starts with it, ignoring case ('' answers all). */
export function matchesMention(m: MemberLike, query: string): boolean {
  const q = query.toLowerCase();
  const starts = (value: string | undefined) => Boolean(value) && (value as string).toLowerCase().startsWith(q);
  return q === '' || starts(m.nick) || starts(m.userID);
}

/**
 * The picker's entries: 'everyone' first, then members whose nick or user ID starts with the query, ignoring case;
 * never the user.
 */
export function mentionCandidates(
  members: readonly MemberLike[],
  query: string,
  selfID: string,
  everyone: string,
): MentionCandidate[] {
  const out: MentionCandidate[] = [];
  if (query === '' || everyone.toLowerCase().startsWith(query.toLowerCase()))
    out.push({ userID: AT_ALL, label: everyone });
  const seen = new Set<string>([selfID]);
  for (const m of members) {
    if (seen.has(m.userID)) continue;
    seen.add(m.userID);
    if (matchesMention(m, query))
      out.push({ userID: m.userID, label: m.nameCard || m.nick || m.userID, avatar: m.avatar });
  }
  return out;
}

/** Replaces the typed '@query' by '@label ' and puts the caret after it. */
export function applyMention(
  text: string,
  start: number,
  caret: number,
  label: string,
): { text: string; caret: number } {
  const inserted = `@${label} `;
  return { text: `${text.slice(0, start)}${inserted}${text.slice(caret)}`, caret: start + inserted.length };
}

/** The mentions still present in the text when it is sent (a deleted '@name' no longer mentions anyone). */
export function atUserListFor(text: string, chosen: ReadonlyMap<string, string>): string[] {
  return [...chosen].filter(([, label]) => text.includes(`@${label}`)).map(([userID]) => userID);
}
