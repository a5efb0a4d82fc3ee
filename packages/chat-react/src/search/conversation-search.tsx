/** The open conversation's search (SRCH51): a header button, and a panel of its matching messages under the header. */
import { useEffect, useId, useMemo, useRef } from 'react';
import { useNow } from '../hooks/use-environment.ts';
import { useNameOf } from '../hooks/use-names.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { CloseIcon, SearchIcon } from '../icons/icons.tsx';
import { peerOf, TYPES } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import { formatMessageTime } from '../time/format.ts';
import { messageTime } from '../time/message-time.ts';
import { Highlighted } from './highlight.tsx';
import { hitText } from './hit-text.ts';
import { optionID, type ResultOption, SearchResults, useResultKeys } from './search-results.tsx';
import type { SearchStore } from './search-store.ts';

/** The header's button: opens the panel, or closes it when it shows. */
export function ConversationSearchButton() {
  const { conversationSearch } = useKit();
  return conversationSearch ? <SearchButton store={conversationSearch} /> : null;
}

function SearchButton({ store }: { store: SearchStore }) {
  const t = useT();
  const { shown } = useStore(store);
  return (
    <button
      type="button"
      className="pc-icon-button"
      aria-label={t('search.inConversation')}
      aria-expanded={shown}
      onClick={() => store.show(!shown)}
      data-testid="conversation-search-toggle"
    >
      <SearchIcon />
    </button>
  );
}

export function ConversationSearch({ conversationID }: { conversationID: string }) {
  const { conversationSearch } = useKit();
  return conversationSearch ? <SearchPanel store={conversationSearch} conversationID={conversationID} /> : null;
}

function SearchPanel({ store, conversationID }: { store: SearchStore; conversationID: string }) {
  const kit = useKit();
  const t = useT();
  const now = useNow();
  const state = useStore(store);
  const listID = useId();
  const input = useRef<HTMLInputElement>(null);
  const nameOf = useNameOf(conversationID.startsWith(TYPES.CONV_GROUP) ? peerOf(conversationID) : null);
  const selfID = kit.chat.getLoginUser();
  const { keywords, shown } = state;
  useEffect(() => {
    if (shown) input.current?.focus();
  }, [shown]);

  const options = useMemo<ResultOption[]>(
    () =>
      state.messages.map(({ message }) => ({
        key: message.ID,
        section: 'messages',
        choose: () => kit.showMessage(message),
        content: (
          <>
            <span className="pc-search__title">
              {message.nameCard || message.nick || nameOf(message.from)}
              <span className="pc-search__meta"> {formatMessageTime(messageTime(message.time * 1000, now), t)}</span>
            </span>
            <span className="pc-search__text">
              <Highlighted text={hitText(message, selfID, t)} keywords={keywords} />
            </span>
          </>
        ),
      })),
    [kit, state.messages, keywords, nameOf, now, selfID, t],
  );
  const close = () => {
    store.show(false);
    document.querySelector<HTMLElement>('[data-testid="conversation-search-toggle"]')?.focus();
  };
  const keys = useResultKeys(options, () => store.run(), close);
  if (!shown) return null;
  return (
    <div className="pc-search pc-search--conversation" data-testid="conversation-search">
      <div className="pc-search__box">
        <SearchIcon className="pc-search__icon" />
        <input
          ref={input}
          type="search"
          className="pc-search__input"
          role="combobox"
          aria-label={t('search.inConversationLabel')}
          aria-expanded={state.status !== 'idle'}
          aria-controls={listID}
          aria-autocomplete="list"
          aria-activedescendant={keys.active >= 0 ? optionID(listID, keys.active) : undefined}
          placeholder={t('search.placeholder')}
          value={state.query}
          onChange={(event) => store.type(event.target.value)}
          onKeyDown={keys.onKeyDown}
          maxLength={100}
          data-testid="conversation-search-input"
        />
        <button
          type="button"
          className="pc-icon-button pc-search__clear"
          aria-label={t('search.close')}
          onClick={close}
        >
          <CloseIcon />
        </button>
      </div>
      <SearchResults
        listID={listID}
        state={state}
        options={options}
        active={keys.active}
        sections={[{ name: 'messages', title: t('search.messages') }]}
        onRetry={() => store.run()}
        footer={
          state.cursor && state.status === 'ready' ? (
            <button
              type="button"
              className="pc-link pc-search__more"
              onClick={() => store.more()}
              disabled={state.loadingMore}
            >
              {state.loadingMore ? t('search.loading') : t('search.more')}
            </button>
          ) : null
        }
      />
    </div>
  );
}
