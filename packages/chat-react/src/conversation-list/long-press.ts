/**
 * Seed 000 §2: on a touch screen a long-press on a conversation row opens its menu. The menu opens after
 * LONG_PRESS_MS of holding still (UI2); lifting the finger afterwards must neither open the chat (the click that
 * follows the release) nor close the menu. Pure logic, so the timing is tested with fake timers; the hook in
 * use-long-press.ts wires it to the row's pointer events.
 */
export const LONG_PRESS_MS = 1000;
/** Moving further than this (a scroll) cancels the press. */
export const LONG_PRESS_SLOP_PX = 10;

export interface PressPoint {
  pointerType: string;
  x: number;
  y: number;
}

export class LongPress {
  readonly #onLongPress: (point: PressPoint) => void;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #start: PressPoint | null = null;
  #fired = false;
  #swallowClick = false;

  constructor(onLongPress: (point: PressPoint) => void) {
    this.#onLongPress = onLongPress;
  }

  /** A pointer went down; returns whether the press is ours (touch or pen), so the caller stops the default. */
  down(point: PressPoint): boolean {
    this.cancel();
    this.#swallowClick = false;
    if (point.pointerType === 'mouse') return false;
    this.#start = point;
    this.#fired = false;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#fired = true;
      this.#swallowClick = true;
      this.#onLongPress(point);
    }, LONG_PRESS_MS);
    return true;
  }

  move(point: PressPoint): void {
    if (!this.#start || this.#timer === null) return;
    if (Math.hypot(point.x - this.#start.x, point.y - this.#start.y) > LONG_PRESS_SLOP_PX) this.cancel();
  }

  /** The finger lifted: a press released before its time is a tap; after it, the menu stays open. */
  up(): void {
    this.#clearTimer();
    this.#start = null;
  }

  /** The browser took the gesture over (scroll) or the row went away. */
  cancel(): void {
    this.#clearTimer();
    this.#start = null;
    this.#fired = false;
  }

  /** A native contextmenu during a touch press (the browser's own long-press, often earlier) is swallowed. */
  swallowsContextMenu(): boolean {
    return this.#start !== null || this.#fired;
  }

  /** The click that follows the release of a long-press must not open the chat; it is consumed once. */
  consumeClick(): boolean {
    const swallow = this.#swallowClick;
    this.#swallowClick = false;
    this.#fired = false;
    return swallow;
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
