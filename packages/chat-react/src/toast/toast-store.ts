import { Store } from '../core/store.ts';
import { dismissToast, expireToasts, nextExpiry, pushToast, type Toast, type ToastInput } from './toast-state.ts';

/** The one shared toast display of seed 000 §8; a single timer removes toasts as they expire. */
export class ToastStore extends Store<readonly Toast[]> {
  #nextID = 1;
  #timer: ReturnType<typeof setTimeout> | null = null;
  readonly #now: () => number;
  readonly #announce: (text: string) => void;

  /**
   * `announce` reads a non-error toast out through the kit's always-present live region (UI20): a `role="status"`
   * element added with its text is missed by some screen readers. Errors are `role="alert"`, which they read.
   */
  constructor(now: () => number = Date.now, announce: (text: string) => void = () => {}) {
    super([]);
    this.#now = now;
    this.#announce = announce;
  }

  show(input: ToastInput): void {
    this.set(pushToast(this.getSnapshot(), input, this.#now(), this.#nextID++));
    if (input.type !== 'error') this.#announce(input.text);
    this.#schedule();
  }

  error(text: string): void {
    this.show({ type: 'error', text });
  }

  dismiss(id: number): void {
    this.set(dismissToast(this.getSnapshot(), id));
    this.#schedule();
  }

  dispose(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(): void {
    this.dispose();
    const next = nextExpiry(this.getSnapshot());
    if (next === null) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.set(expireToasts(this.getSnapshot(), this.#now()));
        this.#schedule();
      },
      Math.max(0, next - this.#now()),
    );
  }
}
