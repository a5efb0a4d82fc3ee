import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { MessageItem } from './message-item.ts';
import { appendedAfter, initialScroll, type ScrollState, scrollReducer, shouldFollow } from './scroll.ts';

export interface Follow {
  scroll: ScrollState;
  /** Virtuoso's followOutput: called when the item count changes; scrolls only for appended messages. */
  followOutput: (isAtBottom: boolean) => 'auto' | false;
  atBottomChange: (atBottom: boolean) => void;
}

/**
 * The scroll rules of seed 000 §4 wired to Virtuoso (the decisions themselves are the pure functions of scroll.ts):
 * follow appended messages when near the bottom or when the newest is the user's own, else count incoming ones for
 * the 'N new messages' tip.
 */
export function useFollow(items: readonly MessageItem[]): Follow {
  const [scroll, dispatch] = useReducer(scrollReducer, initialScroll);
  // Read by followOutput, which Virtuoso calls outside React's render.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const atBottomRef = useRef(true);
  atBottomRef.current = scroll.atBottom;
  const followedNewest = useRef<string | null>(null);
  const countedNewest = useRef<string | null>(null);

  const followOutput = useCallback((isAtBottom: boolean) => {
    const list = itemsRef.current;
    const newest = list[list.length - 1];
    const appended = newest !== undefined && newest.ID !== followedNewest.current;
    followedNewest.current = newest?.ID ?? null;
    return shouldFollow({ appended, atBottom: isAtBottom, newestIsOutgoing: newest?.flow === 'out' })
      ? ('auto' as const)
      : false;
  }, []);

  useEffect(() => {
    const appended = appendedAfter(items, countedNewest.current);
    countedNewest.current = items[items.length - 1]?.ID ?? null;
    if (followedNewest.current === null) followedNewest.current = countedNewest.current;
    const newest = appended[appended.length - 1];
    if (!newest) return;
    const followed = shouldFollow({
      appended: true,
      atBottom: atBottomRef.current,
      newestIsOutgoing: newest.flow === 'out',
    });
    dispatch({ type: 'appended', incoming: appended.filter((m) => m.flow === 'in').length, followed });
  }, [items]);

  const atBottomChange = useCallback((value: boolean) => dispatch({ type: 'atBottom', value }), []);
  return { scroll, followOutput, atBottomChange };
}
