/**
 * This node's timers of the invitations it took (SIG7): each fires at its invitation's deadline. They are only
 * the prompt path: the state is in the database, and every node's sweep (sweep.ts) times out what a dead node's
 * timer would have, so a node may lose its timers without an invitation ringing for ever.
 */
export class CallTimers {
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  #closed = false;

  arm(inviteID: string, delayMs: number, fire: () => void): void {
    if (this.#closed) return;
    this.disarm(inviteID);
    const timer = setTimeout(
      () => {
        this.#timers.delete(inviteID);
        fire();
      },
      Math.max(0, delayMs),
    );
    timer.unref?.();
    this.#timers.set(inviteID, timer);
  }

  disarm(inviteID: string): void {
    const timer = this.#timers.get(inviteID);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.#timers.delete(inviteID);
  }

  get size(): number {
    return this.#timers.size;
  }

  /** At shutdown: no timer fires into a closed storage. */
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
