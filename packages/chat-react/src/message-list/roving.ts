import { createContext, type KeyboardEvent, useContext } from 'react';

/**
 * Roving tabindex over the open conversation's messages (rule KACT31): one message is in the tab order, the
 * one last focused or else the newest; arrow keys, Home and End move between messages.
 */
export interface Roving {
  /** The message in the tab order. */
  current: string | undefined;
  setCurrent: (ID: string) => void;
}

export const RovingContext = createContext<Roving | null>(null);

/** 0 for the message in the tab order (or outside a list), -1 for the others. */
export function useRovingTabIndex(ID: string): { tabIndex: 0 | -1; onFocus: () => void } {
  const roving = useContext(RovingContext);
  return {
    tabIndex: !roving || roving.current === ID ? 0 : -1,
    onFocus: () => roving?.setCurrent(ID),
  };
}

const ROVING = '[data-roving-message]';

/** ArrowUp/ArrowDown, Home/End on a message move the focus to another message; true when the key was used. */
export function moveFocus(event: KeyboardEvent<HTMLElement>): boolean {
  const keys: Record<string, (i: number, n: number) => number> = {
    ArrowUp: (i) => i - 1,
    ArrowDown: (i) => i + 1,
    Home: () => 0,
    End: (_i, n) => n - 1,
  };
  const move = keys[event.key];
  if (!move || event.target !== event.currentTarget) return false;
  const list = event.currentTarget.closest('[data-testid="message-list"]');
  if (!list) return false;
  const all = [...list.querySelectorAll<HTMLElement>(ROVING)];
  const next = all[move(all.indexOf(event.currentTarget), all.length)];
  event.preventDefault();
  next?.focus();
  next?.scrollIntoView?.({ block: 'nearest' });
  return true;
}
