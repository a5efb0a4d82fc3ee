/**
 * The smallest external store React can subscribe to with useSyncExternalStore: an immutable snapshot and a set of
 * listeners. Every kit store extends it, so components read state and never hold copies of server data.
 */
export class Store<T> {
  #value: T;
  readonly #listeners = new Set<() => void>();

  constructor(initial: T) {
    this.#value = initial;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  getSnapshot = (): T => this.#value;

  protected set(value: T): void {
    if (Object.is(value, this.#value)) return;
    this.#value = value;
    for (const listener of [...this.#listeners]) listener();
  }

  protected update(fn: (value: T) => T): void {
    this.set(fn(this.#value));
  }
}
