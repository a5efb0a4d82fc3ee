/**
 * Seed 000 §4 scroll rules: follow new messages on first render, when the reader is near the bottom, or when the
 * newest message is the user's own; otherwise count them and offer a tip ('N new messages' or 'back to latest').
 */

/** How close to the bottom (px) still counts as "at the bottom". */
export const NEAR_BOTTOM_PX = 120;

export interface FollowInput {
  /** The newest message changed: something was appended, not prepended by 'view more'. */
  appended: boolean;
  atBottom: boolean;
  newestIsOutgoing: boolean;
}

export function shouldFollow({ appended, atBottom, newestIsOutgoing }: FollowInput): boolean {
  return appended && (atBottom || newestIsOutgoing);
}

export interface ScrollState {
  atBottom: boolean;
  /** Incoming messages that arrived while the reader was scrolled up. */
  unseen: number;
}

export type ScrollEvent =
  | { type: 'appended'; incoming: number; followed: boolean }
  | { type: 'atBottom'; value: boolean }
  | { type: 'reset' };

export const initialScroll: ScrollState = { atBottom: true, unseen: 0 };

export function scrollReducer(state: ScrollState, event: ScrollEvent): ScrollState {
  switch (event.type) {
    case 'appended':
      if (event.followed) return state.unseen === 0 ? state : { ...state, unseen: 0 };
      return event.incoming > 0 ? { ...state, unseen: state.unseen + event.incoming } : state;
    case 'atBottom':
      if (event.value) return state.atBottom && state.unseen === 0 ? state : { atBottom: true, unseen: 0 };
      return state.atBottom ? { ...state, atBottom: false } : state;
    case 'reset':
      return initialScroll;
  }
}

export type JumpTip = { kind: 'newMessages'; count: number } | { kind: 'backToLatest' } | null;

export function jumpTip(state: ScrollState): JumpTip {
  if (state.unseen > 0) return { kind: 'newMessages', count: state.unseen };
  return state.atBottom ? null : { kind: 'backToLatest' };
}

/**
 * What changed at the end of the list between two renders: how many items follow the previous newest one. A prepend
 * ('view more') keeps the newest item, so it appends nothing.
 */
export function appendedAfter<T extends { ID: string }>(items: readonly T[], previousNewestID: string | null): T[] {
  if (items.length === 0) return [];
  const newest = items[items.length - 1];
  if (previousNewestID === null || newest?.ID === previousNewestID) return [];
  const index = items.findLastIndex((item) => item.ID === previousNewestID);
  return index === -1 ? [...items] : items.slice(index + 1);
}
