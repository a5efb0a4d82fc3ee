/**
 * Lifecycle events leave in a later task than the call that caused them (rules CMP1–CMP3): code that calls
 * `login()` and subscribes to SDK_READY inside the promise's `then` must still see it. Timers of equal delay fire
 * in the order they were set, in Node and in browsers, so events keep the order of their causes.
 */
export class LaterQueue {
  readonly #pending = new Set<ReturnType<typeof setTimeout>>();

  run(fn: () => void): void {
    const timer = setTimeout(() => {
      this.#pending.delete(timer);
      fn();
    }, 0);
    this.#pending.add(timer);
  }

  /** destroy(): nothing is delivered after the listeners are gone. */
  cancelAll(): void {
    for (const timer of this.#pending) clearTimeout(timer);
    this.#pending.clear();
  }
}
