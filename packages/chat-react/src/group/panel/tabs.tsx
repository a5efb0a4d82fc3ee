import { type KeyboardEvent, useRef } from 'react';

interface Tab {
  value: string;
  label: string;
}

interface TabsProps {
  value: string;
  tabs: readonly Tab[];
  onChange: (value: string) => void;
  label?: string;
  /** Prefix of the tabs' element IDs (`${idPrefix}${value}`), for a tab panel's aria-labelledby. */
  idPrefix?: string;
}

/** A WAI-ARIA tab list: arrows, Home and End move between tabs (automatic activation). */
export function Tabs({ value, tabs, onChange, label, idPrefix }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={list} className="pc-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={idPrefix ? `${idPrefix}${tab.value}` : undefined}
          className="pc-tabs__tab"
          aria-selected={tab.value === value}
          tabIndex={tab.value === value ? 0 : -1}
          data-testid={`tab-${tab.value}`}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
