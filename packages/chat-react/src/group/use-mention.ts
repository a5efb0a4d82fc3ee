import { type KeyboardEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useGroup } from '../hooks/use-group.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { MemberSearch } from './member-search.ts';
import { applyMention, atUserListFor, type MentionCandidate, mentionCandidates, mentionQuery } from './mention.ts';

/** Entries the list shows at most ('everyone' and 100 members): the query narrows a large group further. */
const MAX_SHOWN = 101;

export interface MentionInput {
  text: string;
  caret: number;
}

/**
 * The '@' picker's state for the input of a group conversation (decision 0012): which entries show, which one is
 * active, the keys that move and pick, and the atUserList of the text being sent.
 */
export function useMention(enabled: boolean, input: MentionInput, replace: (next: MentionInput) => void) {
  const kit = useKit();
  const t = useT();
  const { members, groupID, nextOffset } = useGroup();
  const search = useMemo(() => new MemberSearch(kit.groupPort, () => kit.chat.getLoginUser()), [kit]);
  const found = useSyncExternalStore(search.subscribe, search.getSnapshot, search.getSnapshot);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const chosen = useRef(new Map<string, string>());
  const query = enabled ? mentionQuery(input.text, input.caret) : null;
  const open = query !== null && dismissedAt !== query.start;
  const typed = open && query ? query.query : null;
  const session = open && query ? query.start : null;
  // Each '@' of a group starts a fresh search; members beyond the loaded pages are searched on the server (KGRP13).
  useEffect(() => {
    search.reset(session === null ? null : groupID);
  }, [search, session, groupID]);
  const partial = nextOffset !== null;
  useEffect(() => {
    if (typed !== null && partial) search.search(typed);
  }, [search, typed, partial]);
  const candidates = useMemo(() => {
    if (typed === null) return [];
    const all = partial ? [...members, ...found.members] : members;
    return mentionCandidates(all, typed, kit.chat.getLoginUser(), t('group.mention.everyone')).slice(0, MAX_SHOWN);
  }, [typed, members, found, partial, kit, t]);
  const index = Math.min(active, Math.max(candidates.length - 1, 0));

  const pick = (candidate: MentionCandidate) => {
    if (!query) return;
    chosen.current.set(candidate.userID, candidate.label);
    replace(applyMention(input.text, query.start, input.caret, candidate.label));
    setActive(0);
  };

  /** True when the key belonged to the picker. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || candidates.length === 0 || event.nativeEvent.isComposing) return false;
    const move = (delta: number) => setActive((index + delta + candidates.length) % candidates.length);
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Enter' || event.key === 'Tab') pick(candidates[index] as MentionCandidate);
    else if (event.key === 'Escape') setDismissedAt(query?.start ?? null);
    else return false;
    event.preventDefault();
    return true;
  };

  const searching = typed !== null && partial && found.searching;
  return {
    open: open && (candidates.length > 0 || searching),
    /** The server's member list is being read for the query (KGRP13). */
    searching,
    candidates,
    active: index,
    pick,
    onKeyDown,
    /** The mentions of the text to send; forgets the choices. */
    take(text: string): string[] {
      const list = atUserListFor(text, chosen.current);
      chosen.current.clear();
      setDismissedAt(null);
      return list;
    },
  };
}
