/** What every handler receives (reference §2.3): one argument carrying the event name and its payload. */
export interface ChatEvent<T = unknown> {
  name: string;
  data: T;
  /** CONVERSATION_LIST_UPDATED only, as in TIM: the list comes from a completed sync. */
  isSyncCompleted?: boolean;
}

export type EventHandler<T = unknown> = (event: ChatEvent<T>) => void;

interface Listener {
  handler: EventHandler<never>;
  context: unknown;
  once: boolean;
}

type ErrorSink = (name: string, err: unknown) => void;

/**
 * A small event emitter with TIM's listener semantics: the optional `context` is the handler's `this` and part of
 * the listener's identity, so `off(name, fn)` does not remove `on(name, fn, ctx)`. Registering the same
 * (handler, context) twice keeps one listener, which makes React effects that re-subscribe harmless.
 */
export class Emitter {
  readonly #listeners = new Map<string, Listener[]>();
  readonly #onHandlerError: ErrorSink;

  constructor(onHandlerError: ErrorSink = () => {}) {
    this.#onHandlerError = onHandlerError;
  }

  on<T>(name: string, handler: EventHandler<T>, context?: unknown): void {
    this.#add(name, handler, context, false);
  }

  once<T>(name: string, handler: EventHandler<T>, context?: unknown): void {
    this.#add(name, handler, context, true);
  }

  off<T>(name: string, handler: EventHandler<T>, context?: unknown): void {
    const list = this.#listeners.get(name);
    if (!list) return;
    const kept = list.filter((l) => l.handler !== handler || l.context !== context);
    if (kept.length > 0) this.#listeners.set(name, kept);
    else this.#listeners.delete(name);
  }

  emit(name: string, data?: unknown, extra?: { isSyncCompleted?: boolean }): void {
    const list = this.#listeners.get(name);
    if (!list) return;
    // Iterate over a snapshot: handlers may subscribe or unsubscribe while we dispatch.
    for (const listener of [...list]) {
      if (listener.once) this.off(name, listener.handler, listener.context);
      try {
        (listener.handler as EventHandler).call(listener.context, { ...extra, name, data });
      } catch (err) {
        // One broken handler must not starve the others or break the SDK's own state change.
        this.#onHandlerError(name, err);
      }
    }
  }

  listenerCount(name: string): number {
    return this.#listeners.get(name)?.length ?? 0;
  }

  removeAll(): void {
    this.#listeners.clear();
  }

  #add(name: string, handler: EventHandler<never>, context: unknown, once: boolean): void {
    if (typeof handler !== 'function') throw new TypeError(`handler for "${name}" must be a function`);
    const list = this.#listeners.get(name) ?? [];
    if (list.some((l) => l.handler === handler && l.context === context)) return;
    list.push({ handler, context, once });
    this.#listeners.set(name, list);
  }
}
