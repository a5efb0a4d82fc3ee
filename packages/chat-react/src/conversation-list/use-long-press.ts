import { type MouseEvent, type PointerEvent, useEffect, useMemo, useRef } from 'react';
import { LongPress } from './long-press.ts';

export interface LongPressHandlers {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: (event: PointerEvent<HTMLElement>) => void;
  onContextMenu: (event: MouseEvent<HTMLElement>) => void;
  /** Call first in the row's click handler: true when the click ends a long-press and must be ignored. */
  consumeClick: () => boolean;
}

/**
 * Touch long-press for a Radix ContextMenu.Trigger (UI2). Passed as the Trigger's own props, so preventing the
 * default here also skips Radix's built-in 700 ms long-press. When the press completes, a contextmenu event at the
 * touch point opens the menu through Radix's usual path; any other contextmenu during the press is swallowed.
 */
export function useLongPress(): LongPressHandlers {
  const target = useRef<HTMLElement | null>(null);
  const opening = useRef(false);
  const press = useMemo(
    () =>
      new LongPress((point) => {
        const el = target.current;
        if (!el?.isConnected) return;
        opening.current = true;
        try {
          el.dispatchEvent(
            new window.MouseEvent('contextmenu', {
              bubbles: true,
              cancelable: true,
              clientX: point.x,
              clientY: point.y,
            }),
          );
        } finally {
          opening.current = false;
        }
      }),
    [],
  );
  useEffect(() => () => press.cancel(), [press]);

  return useMemo(
    () => ({
      onPointerDown: (event) => {
        target.current = event.currentTarget;
        const point = { pointerType: event.pointerType, x: event.clientX, y: event.clientY };
        if (press.down(point)) event.preventDefault();
      },
      onPointerMove: (event) => press.move({ pointerType: event.pointerType, x: event.clientX, y: event.clientY }),
      onPointerUp: () => press.up(),
      onPointerCancel: () => press.cancel(),
      onContextMenu: (event) => {
        if (!opening.current && press.swallowsContextMenu()) event.preventDefault();
      },
      consumeClick: () => press.consumeClick(),
    }),
    [press],
  );
}
