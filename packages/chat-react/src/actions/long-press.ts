/** Seed 000 §2 and §9: on mobile, holding a message this long opens its actions. */
export const LONG_PRESS_MS = 1000;

/**
 * A long-press detector (rule KACT7): `start` on pointer down, `cancel` on up, move or leave; `fire` runs once when
 * the press lasts LONG_PRESS_MS. Timers are the platform's, so tests drive them with fake timers.
 */
export class LongPress {
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly fire: () => void) {}

  start(): void {
    this.cancel();
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.fire();
    }, LONG_PRESS_MS);
  }

  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  get pressing(): boolean {
    return this.#timer !== undefined;
  }
}
