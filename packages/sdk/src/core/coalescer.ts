/**
 * Runs `fire` once after a burst of `schedule()` calls: the first call starts a timer, later calls within the
 * window join it (trailing flush). List and unread events go through one of these, so a catch-up that touches
 * fifty conversations costs the UI one render, not fifty.
 */
export class Coalescer {
  readonly #fire: () => void;
  readonly #delayMs: () => number;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(fire: () => void, delayMs: () => number) {
    this.#fire = fire;
    this.#delayMs = delayMs;
  }

  schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#fire();
    }, this.#delayMs());
  }

  get pending(): boolean {
    return this.#timer !== undefined;
  }

  cancel(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
