/**
 * What the user just did through the kit and the SDK accepted (decision 0054): demo mode ticks its tasks from these.
 * The stores that run the actions report them; whoever cares listens. Nothing here knows about demo mode.
 */
export type Deed = 'send' | 'revoke' | 'mute' | 'dismiss' | 'call' | 'nickname';

export class Deeds {
  readonly #listeners = new Set<(deed: Deed) => void>();

  report = (deed: Deed): void => {
    for (const fn of [...this.#listeners]) fn(deed);
  };

  listen(fn: (deed: Deed) => void): () => void {
    this.#listeners.add(fn);
    return () => {
      this.#listeners.delete(fn);
    };
  }
}
