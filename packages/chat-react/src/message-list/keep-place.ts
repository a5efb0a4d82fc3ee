/**
 * 'view more' keeps the reading position (seed 000 §4): the message at the top of the pane stays where it was when
 * the older page goes in above it. Virtuoso's firstItemIndex does this from estimated row heights and corrects as
 * rows are measured, but on a slow machine a correction can be lost and the text jumps by a row or more. This
 * measures instead: before the load it notes the first visible message and its offset, and after the prepend it
 * scrolls by whatever that message moved, frame by frame until it has stayed put, or until the reader scrolls.
 */
import { useMemo } from 'react';

/** Frames to keep correcting at most, and frames the anchor must stay put before the correction ends. */
const MAX_FRAMES = 240;
const STABLE_FRAMES = 8;
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

interface Anchor {
  ID: string;
  top: number;
}

export interface KeepPlace {
  /** Virtuoso's scroller element (its `scrollerRef`). */
  setScroller: (el: HTMLElement | Window | null) => void;
  /** Notes the first visible message before older messages load. */
  capture: () => void;
  /** Called after a render with Virtuoso's firstItemIndex: when it went down (a prepend), holds the noted message. */
  rendered: (firstItemIndex: number) => void;
}

function firstVisible(scroller: HTMLElement): Anchor | null {
  const top = scroller.getBoundingClientRect().top;
  for (const row of scroller.querySelectorAll<HTMLElement>('[data-message-id]')) {
    const box = row.getBoundingClientRect();
    const ID = row.dataset.messageId;
    if (ID && box.bottom > top) return { ID, top: box.top };
  }
  return null;
}

export function useKeepPlace(): KeepPlace {
  return useMemo(() => {
    let scroller: HTMLElement | null = null;
    let anchor: Anchor | null = null;
    let frame = 0;
    let lastFirstIndex: number | undefined;
    const stop = () => {
      anchor = null;
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
    };
    const hold = (frames: number, stable: number) => {
      frame = 0;
      const el = scroller;
      if (!anchor || !el?.isConnected) return stop();
      const row = el.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(anchor.ID)}"]`);
      let still = stable;
      if (row) {
        const moved = row.getBoundingClientRect().top - anchor.top;
        if (Math.abs(moved) >= 1) {
          el.scrollTop += moved;
          still = 0;
        } else still += 1;
      }
      if (frames + 1 >= MAX_FRAMES || still >= STABLE_FRAMES) return stop();
      frame = requestAnimationFrame(() => hold(frames + 1, still));
    };
    return {
      setScroller(el) {
        for (const type of READER_INPUT) scroller?.removeEventListener(type, stop);
        scroller = el instanceof HTMLElement ? el : null;
        for (const type of READER_INPUT) scroller?.addEventListener(type, stop, { passive: true });
      },
      capture() {
        stop();
        anchor = scroller ? firstVisible(scroller) : null;
      },
      rendered(firstItemIndex) {
        const prepended = lastFirstIndex !== undefined && firstItemIndex < lastFirstIndex;
        lastFirstIndex = firstItemIndex;
        if (prepended && anchor && !frame) hold(0, 0);
      },
    };
  }, []);
}
