/** The box over every conversation (SRCH48): messages, contacts and joined groups, in sections. */
import { useId, useMemo } from 'react';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { CloseIcon, SearchIcon } from '../icons/icons.tsx';
import { conversationName } from '../conversation-list/conversation-text.ts';
import { peerOf } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import { Highlighted } from './highlight.tsx';
import { hitText } from './hit-text.ts';
import { optionID, type ResultOption, SearchResults, useResultKeys } from './search-results.tsx';
import type { SearchState, SearchStore } from './search-store.ts';

export function GlobalSearch() {
  const { search } = useKit();
  return search ? <GlobalSearchBox store={search} /> : null;
}

function GlobalSearchBox({ store }: { store: SearchStore }) {
  const kit = useKit();
  const t = useT();
  const state = useStore(store);
  const { list } = useStore(kit.conversations);
  const listID = useId();
  const selfID = kit.chat.getLoginUser();
  const { keywords } = state;

  const options = useMemo<ResultOption[]>(() => {
    const titleOf = (conversationID: string) => {
      const c = list.find((x) => x.conversationID === conversationID);
      return c ? conversationName(c, t) : peerOf(conversationID);
    };
    const done = () => store.clear();
    return [
      ...state.messages.map((hit) => ({
        key: `m-${hit.message.ID}`,
        section: 'messages',
        choose: () => {
          kit.showMessage(hit.message);
          done();
        },
        content: (
          <>
            <span className="pc-search__title">{titleOf(hit.conversationID)}</span>
            <span className="pc-search__text">
              <Highlighted text={hitText(hit.message, selfID, t)} keywords={keywords} />
            </span>
            {hit.count > 1 && <span className="pc-search__meta">{t('search.matches', { count: hit.count })}</span>}
          </>
        ),
      })),
      ...state.contacts.map((c) => ({
        key: `c-${c.userID}`,
        section: 'contacts',
        choose: () => {
          kit.showContact(c.userID);
          done();
        },
        content: (
          <>
            <span className="pc-search__title">
              <Highlighted text={c.nick || c.userID} keywords={keywords} />
            </span>
            {c.nick && (
              <span className="pc-search__meta">
                <Highlighted text={c.userID} keywords={keywords} />
              </span>
            )}
          </>
        ),
      })),
      ...state.groups.map((g) => ({
        key: `g-${g.groupID}`,
        section: 'groups',
        choose: () => {
          kit.showGroup(g.groupID);
          done();
        },
        content: (
          <span className="pc-search__title">
            <Highlighted text={g.name || g.groupID} keywords={keywords} />
          </span>
        ),
      })),
    ];
  }, [kit, store, state.messages, state.contacts, state.groups, keywords, list, selfID, t]);

  const keys = useResultKeys(
    options,
    () => store.run(),
    () => store.clear(),
  );
  const sections = [
    { name: 'messages', title: t('search.messages') },
    { name: 'contacts', title: t('search.contacts') },
    { name: 'groups', title: t('search.groups') },
  ];
  const open = state.status !== 'idle';
  return (
    <div className="pc-search" data-testid="global-search">
      <div className="pc-search__box">
        <SearchIcon className="pc-search__icon" />
        <input
          type="search"
          className="pc-search__input"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={open}
          aria-controls={listID}
          aria-autocomplete="list"
          aria-activedescendant={keys.active >= 0 ? optionID(listID, keys.active) : undefined}
          placeholder={t('search.placeholder')}
          value={state.query}
          onChange={(event) => store.type(event.target.value)}
          onKeyDown={keys.onKeyDown}
          maxLength={100}
          data-testid="global-search-input"
        />
        {state.query !== '' && (
          <button
            type="button"
            className="pc-icon-button pc-search__clear"
            aria-label={t('search.clear')}
            onClick={() => store.clear()}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <SearchResults
        listID={listID}
        state={state}
        options={options}
        active={keys.active}
        sections={sections}
        onRetry={() => store.run()}
      />
    </div>
  );
}

const NO_SEARCH = { subscribe: () => () => {}, getSnapshot: (): SearchState | null => null };

/** Whether the box shows results, so the conversation list gives them its place. */
export function useSearching(): boolean {
  const { search } = useKit();
  const state = useStore<SearchState | null>(search ?? NO_SEARCH);
  return state !== null && state.status !== 'idle';
}
