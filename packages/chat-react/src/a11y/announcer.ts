/** The ARIA live region's store: new messages and toasts announced to screen-reader users. */
import { Store } from '../core/store.ts';

export interface Announcement {
  id: number;
  text: string;
}

/** Texts for the ARIA live region: new incoming messages are announced to screen-reader users (decision 0006). */
export class Announcer extends Store<Announcement | null> {
  #nextID = 1;

  constructor() {
    super(null);
  }

  announce(text: string): void {
    this.set({ id: this.#nextID++, text });
  }
}
