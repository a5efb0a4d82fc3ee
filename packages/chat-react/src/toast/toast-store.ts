import { Store } from '../core/store.ts';
import { dismissToast, expireToasts, nextExpiry, pushToast, type Toast, type ToastInput } from './toast-state.ts';

/** The one shared toast display of seed 000 §8; a single timer removes toasts as they expire. */
export class ToastStore extends Store<readonly Toast[]> {
  #nextID = 1;
  #timer: ReturnType<typeof setTimeout> | null = null;
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    super([]);
    this.#now = now;
  }

  show(input: ToastInput): void {
    this.set(pushToast(this.getSnapshot(), input, this.#now(), this.#nextID++));
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
