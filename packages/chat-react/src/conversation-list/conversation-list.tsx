import { type FocusEvent, type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { arrange } from '../conversation-groups/arrange.ts';
import { FolderRow } from '../conversation-groups/folder-row.tsx';
import { GroupTabs } from '../conversation-groups/group-tabs.tsx';
import { useStore } from '../hooks/use-store.ts';
import { useConversationList, useCurrentConversation, useTotalUnread } from '../hooks/use-chat.ts';
import { useNow } from '../hooks/use-environment.ts';
import { useT } from '../hooks/use-t.ts';
import { ChatIcon } from '../icons/icons.tsx';
import { NewChatMenu } from '../new-chat/new-chat-menu.tsx';
import { NetworkBanner } from '../network/network-banner.tsx';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { badgeText } from './badge.ts';
import { ConversationRow } from './conversation-row.tsx';
import { nextFocusIndex } from './list-keys.ts';
import { GlobalSearch, useSearching } from '../search/global-search.tsx';

/** The conversation list panel: header, network banner, rows as a keyboard-navigable listbox. */
export function ConversationList() {
  const kit = useKit();
  const portal = usePortal();
  const t = useT();
  const now = useNow();
  const { list, loaded } = useConversationList();
  const { conversationID } = useCurrentConversation();
  const total = badgeText(useTotalUnread());
  const listRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const selfID = kit.chat.getLoginUser();
  // SRCH48: while the search box shows results, they take the list's place.
  const searching = useSearching();
  const listID = useId();
  // CGRP16, MARK14–MARK16: the selected group's conversations, hidden ones left out, folded ones behind one row.
  const { selected } = useStore(kit.groupNames);
  const [expanded, setExpanded] = useState(false);
  const entries = arrange(list, selected, expanded, conversationID);

  const open = useCallback((id: string) => kit.open(id), [kit]);

  const rows = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A row's menu is portalled out of the list, but React still bubbles its keys here: they are the menu's own
    // (Enter chooses an item, arrows move in it), never the list's (MARK10: the menu works from the keyboard).
    if (!event.currentTarget.contains(event.target as Node)) return;
    const index = Number((event.target as HTMLElement).dataset.index ?? focusIndex);
    if (event.key === 'Enter' || event.key === ' ') {
      const entry = entries[index];
      if (entry) {
        event.preventDefault();
        if (entry.kind === 'folder') setExpanded((e) => !e);
        else open(entry.conversation.conversationID);
      }
      return;
    }
    const next = nextFocusIndex(event.key, index, entries.length);
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    rows()[next]?.focus();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const index = Number((event.target as HTMLElement).dataset.index);
    if (Number.isInteger(index)) setFocusIndex(index);
  };

  const selectedIndex = entries.findIndex(
    (e) => e.kind === 'conversation' && e.conversation.conversationID === conversationID,
  );
  const tabStop =
    Math.min(focusIndex, entries.length - 1) >= 0 ? Math.min(focusIndex, entries.length - 1) : selectedIndex;

  return (
    <aside className="pc-list" aria-labelledby="pc-list-title">
      <header className="pc-list__header">
        <h2 id="pc-list-title" className="pc-list__title">
          {t('list.title')}
          {total && (
            <span className="pc-badge pc-badge--inline" data-testid="total-unread">
              {total}
            </span>
          )}
        </h2>
        <NewChatMenu />
      </header>
      <GlobalSearch />
      <NetworkBanner />
      {searching ? null : <GroupTabs listID={listID} />}
      {searching ? null : !loaded ? (
        <div className="pc-list__empty" aria-busy="true">
          <span className="pc-spinner">
            <span className="pc-visually-hidden">{t('chat.loading')}</span>
          </span>
        </div>
      ) : entries.length === 0 ? (
        <div className="pc-list__empty" id={listID}>
          <ChatIcon className="pc-list__empty-icon" />
          <p>{selected ? t('convGroups.empty') : t('list.empty')}</p>
        </div>
      ) : (
        <div
          ref={listRef}
          id={listID}
          className="pc-list__rows"
          role="listbox"
          aria-label={t('list.label')}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        >
          {entries.map((entry, index) =>
            entry.kind === 'folder' ? (
              <FolderRow
                key="folded"
                entry={entry}
                index={index}
                focusable={index === tabStop}
                onToggle={() => setExpanded((e) => !e)}
              />
            ) : (
              <ConversationRow
                key={entry.conversation.conversationID}
                conversation={entry.conversation}
                index={index}
                nested={entry.folded}
                selected={entry.conversation.conversationID === conversationID}
                focusable={index === tabStop}
                selfID={selfID}
                now={now}
                portal={portal}
                onOpen={open}
              />
            ),
          )}
        </div>
      )}
    </aside>
  );
}
