import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

export interface RegionOption {
  key: string;
  label: string;
  /** There are places under it: choosing it shows them. */
  more: boolean;
  selected: boolean;
  pick: () => void;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i, n) => Math.min(n - 1, i + 1),
  ArrowUp: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * One level of the region picker (POR33): a listbox whose options are one roving tab stop (the chosen one, else the
 * first); the arrow keys, Home and End move the focus, Enter or Space chooses. After a choice shows the next level,
 * the focus goes to that level's first option, so a keyboard walks down the tree without leaving the list.
 */
export function RegionList({
  label,
  options,
  empty,
}: {
  label: string;
  options: readonly RegionOption[];
  empty: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const keys = options.map((o) => o.key).join('|');
  const chosen = Math.max(
    0,
    options.findIndex((o) => o.selected),
  );
  const [active, setActive] = useState({ keys, index: chosen });
  const index = active.keys === keys ? Math.min(active.index, options.length - 1) : chosen;
  const refocus = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the level on show changes, named by its keys
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    list.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus();
  }, [keys]);

  const focusAt = (next: number) => {
    setActive({ keys, index: next });
    list.current?.querySelectorAll<HTMLElement>('[role="option"]')[next]?.focus();
  };
  const pick = (option: RegionOption) => {
    refocus.current = list.current?.contains(document.activeElement) ?? false;
    option.pick();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (move && options.length > 0) {
      event.preventDefault();
      focusAt(move(index, options.length));
    } else if ((event.key === 'Enter' || event.key === ' ') && options[index]) {
      event.preventDefault();
      pick(options[index]);
    }
  };

  if (options.length === 0) return <p className="region-sheet__empty">{empty}</p>;
  return (
    <div ref={list} role="listbox" aria-label={label} className="region-sheet__list">
      {options.map((option, i) => (
        <div
          key={option.key}
          role="option"
          aria-selected={option.selected}
          tabIndex={i === index ? 0 : -1}
          className={option.selected ? 'region-sheet__option region-sheet__option--selected' : 'region-sheet__option'}
          onClick={() => {
            setActive({ keys, index: i });
            pick(option);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => i !== index && setActive({ keys, index: i })}
        >
          <span>{option.label}</span>
          {option.more && (
            <span className="region-sheet__more" aria-hidden="true">
              ›
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
