import { type FocusEvent, type KeyboardEvent, useCallback, useRef, useState } from 'react';
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

  const open = useCallback((id: string) => kit.open(id), [kit]);

  const rows = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A row's menu is portalled out of the list, but React still bubbles its keys here: they are the menu's own
    // (Enter chooses an item, arrows move in it), never the list's (MARK10: the menu works from the keyboard).
    if (!event.currentTarget.contains(event.target as Node)) return;
    const index = Number((event.target as HTMLElement).dataset.index ?? focusIndex);
    if (event.key === 'Enter' || event.key === ' ') {
      const row = list[index];
      if (row) {
        event.preventDefault();
        open(row.conversationID);
      }
      return;
    }
    const next = nextFocusIndex(event.key, index, list.length);
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    rows()[next]?.focus();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const index = Number((event.target as HTMLElement).dataset.index);
    if (Number.isInteger(index)) setFocusIndex(index);
  };

  const selectedIndex = list.findIndex((c) => c.conversationID === conversationID);
  const tabStop = Math.min(focusIndex, list.length - 1) >= 0 ? Math.min(focusIndex, list.length - 1) : selectedIndex;

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
      {searching ? null : !loaded ? (
        <div className="pc-list__empty" aria-busy="true">
          <span className="pc-spinner">
            <span className="pc-visually-hidden">{t('chat.loading')}</span>
          </span>
        </div>
      ) : list.length === 0 ? (
        <div className="pc-list__empty">
          <ChatIcon className="pc-list__empty-icon" />
          <p>{t('list.empty')}</p>
        </div>
      ) : (
        <div
          ref={listRef}
          className="pc-list__rows"
          role="listbox"
          aria-label={t('list.label')}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        >
          {list.map((c, index) => (
            <ConversationRow
              key={c.conversationID}
              conversation={c}
              index={index}
              selected={c.conversationID === conversationID}
              focusable={index === tabStop}
              selfID={selfID}
              now={now}
              portal={portal}
              onOpen={open}
            />
          ))}
        </div>
      )}
    </aside>
  );
}
