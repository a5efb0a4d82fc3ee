/** The results of a search box (SRCH48, SRCH51): a listbox in sections, driven from the box by the keyboard. */
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { useT } from '../hooks/use-t.ts';
import type { SearchState } from './search-store.ts';

export interface ResultOption {
  key: string;
  section: string;
  content: ReactNode;
  choose: () => void;
}

/**
 * Arrow keys move through every option of every section (wrapping), Home and End jump, Enter chooses the active one
 * (or searches at once when none is), Escape is the box's own (clear, close). Focus stays in the box; the active
 * option is its aria-activedescendant.
 */
export function useResultKeys(options: readonly ResultOption[], run: () => void, onEscape: () => void) {
  const [active, setActive] = useState(-1);
  const count = options.length;
  // A new answer starts with nothing active.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options' identity is the answer's
  useEffect(() => setActive(-1), [options]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = (to: number) => {
      event.preventDefault();
      setActive(count === 0 ? -1 : (to + count) % count);
    };
    if (event.key === 'ArrowDown') step(active + 1);
    else if (event.key === 'ArrowUp') step(active < 0 ? count - 1 : active - 1);
    else if (event.key === 'Home' && active >= 0) step(0);
    else if (event.key === 'End' && active >= 0) step(count - 1);
    else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (option) option.choose();
      else run();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onEscape();
    }
  };
  return { active: Math.min(active, count - 1), setActive, onKeyDown };
}

export const optionID = (listID: string, index: number) => `${listID}-option-${index}`;

interface ResultsProps {
  listID: string;
  state: SearchState;
  options: readonly ResultOption[];
  active: number;
  sections: readonly { name: string; title: string }[];
  onRetry: () => void;
  footer?: ReactNode;
}

export function SearchResults({ listID, state, options, active, sections, onRetry, footer }: ResultsProps) {
  const t = useT();
  // The active option scrolls into view as the arrows move.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionID(listID, active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listID]);
  if (state.status === 'idle') return null;
  if (state.status === 'error') {
    return (
      <div className="pc-search__state" role="alert" data-testid="search-error">
        <span>{t('search.failed')}</span>
        <button type="button" className="pc-link" onClick={onRetry}>
          {t('search.retry')}
        </button>
      </div>
    );
  }
  const loading = state.status === 'loading';
  if (!loading && options.length === 0) {
    return (
      <div className="pc-search__state" role="status" data-testid="search-empty">
        {t('search.empty', { query: state.query.trim() })}
      </div>
    );
  }
  let index = -1;
  return (
    <div className="pc-search__results" aria-busy={loading}>
      {loading && (
        <div className="pc-search__state" role="status" data-testid="search-loading">
          {t('search.loading')}
        </div>
      )}
      <div role="listbox" id={listID} aria-label={t('search.results')} className="pc-search__list">
        {sections.map(({ name, title }) => {
          const inSection = options.filter((o) => o.section === name);
          if (inSection.length === 0) return null;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox's sections are groups of options, not form fieldsets
            <div key={name} role="group" aria-label={title} className="pc-search__group" data-testid={`search-${name}`}>
              <div className="pc-search__section" aria-hidden="true">
                {title}
              </div>
              {inSection.map((option) => {
                index += 1;
                const i = index;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the box's keys choose options (aria-activedescendant)
                  <div
                    key={option.key}
                    id={optionID(listID, i)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === active}
                    className={`pc-search__option${i === active ? ' pc-search__option--active' : ''}`}
                    // The box keeps focus: a click must not blur it before it chooses.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={option.choose}
                    data-testid="search-option"
                  >
                    {option.content}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      {footer}
    </div>
  );
}
