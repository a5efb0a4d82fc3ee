import { describe, expect, it } from 'vitest';
import {
  appendedAfter,
  initialScroll,
  jumpTip,
  type ScrollState,
  scrollReducer,
  shouldFollow,
} from '../src/message-list/scroll.ts';

describe('auto-scroll decisions (seed 000 §4)', () => {
  it('follows a new message when the reader is near the bottom', () => {
    expect(shouldFollow({ appended: true, atBottom: true, newestIsOutgoing: false })).toBe(true);
  });

  it("follows the user's own new message even when scrolled up", () => {
    expect(shouldFollow({ appended: true, atBottom: false, newestIsOutgoing: true })).toBe(true);
  });

  it('does not follow an incoming message while the reader is scrolled up', () => {
    expect(shouldFollow({ appended: true, atBottom: false, newestIsOutgoing: false })).toBe(false);
  });

  it('never follows a prepend (view more), whoever sent the newest message', () => {
    expect(shouldFollow({ appended: false, atBottom: true, newestIsOutgoing: true })).toBe(false);
    expect(shouldFollow({ appended: false, atBottom: false, newestIsOutgoing: true })).toBe(false);
  });
});

describe('jump tip: back to latest / N new messages', () => {
  const scrolledUp: ScrollState = scrollReducer(initialScroll, { type: 'atBottom', value: false });

  it('shows nothing at the bottom', () => {
    expect(jumpTip(initialScroll)).toBeNull();
  });

  it("offers 'back to latest' when scrolled up with nothing new", () => {
    expect(jumpTip(scrolledUp)).toEqual({ kind: 'backToLatest' });
  });

  it('counts incoming messages that arrive while scrolled up', () => {
    let state = scrollReducer(scrolledUp, { type: 'appended', incoming: 2, followed: false });
    state = scrollReducer(state, { type: 'appended', incoming: 1, followed: false });
    expect(jumpTip(state)).toEqual({ kind: 'newMessages', count: 3 });
  });

  it('clears the count on reaching the bottom or when a message is followed', () => {
    const counted = scrollReducer(scrolledUp, { type: 'appended', incoming: 4, followed: false });
    expect(jumpTip(scrollReducer(counted, { type: 'atBottom', value: true }))).toBeNull();
    expect(scrollReducer(counted, { type: 'appended', incoming: 0, followed: true }).unseen).toBe(0);
  });

  it('keeps the state object when nothing changes', () => {
    expect(scrollReducer(initialScroll, { type: 'atBottom', value: true })).toBe(initialScroll);
    expect(scrollReducer(initialScroll, { type: 'appended', incoming: 0, followed: false })).toBe(initialScroll);
  });
});

describe('what was appended', () => {
  const items = (...ids: string[]) => ids.map((ID) => ({ ID }));

  it('is nothing on the first render and for a prepend', () => {
    expect(appendedAfter(items('a', 'b'), null)).toEqual([]);
    expect(appendedAfter(items('x', 'y', 'a', 'b'), 'b')).toEqual([]);
  });

  it('is the items after the previous newest', () => {
    expect(appendedAfter(items('a', 'b', 'c', 'd'), 'b')).toEqual(items('c', 'd'));
  });

  it('is everything when the previous newest is gone (the list was replaced)', () => {
    expect(appendedAfter(items('p', 'q'), 'b')).toEqual(items('p', 'q'));
  });
});
