/**
 * Which sequences of one conversation the SDK has accounted for (delivered, sent by itself, or part of the state
 * it started from). `watermark` is the highest sequence with nothing missing below it; anything that arrives
 * above a hole waits in `pending` until the hole fills (by push or catch-up), so the application always receives
 * messages in sequence order (GUIDE §3.2), and a sequence seen twice is recognised as a duplicate.
 */
export class SeqTracker<T> {
  #watermark: number;
  readonly #pending = new Map<number, T>();

  constructor(watermark: number) {
    this.#watermark = Math.max(0, watermark);
  }

  get watermark(): number {
    return this.#watermark;
  }

  /** True when something above a hole is waiting: the hole must be fetched if no push fills it. */
  get hasGap(): boolean {
    return this.#pending.size > 0;
  }

  has(seq: number): boolean {
    return seq <= this.#watermark || this.#pending.has(seq);
  }

  /**
   * Takes one sequence. Returns null for a duplicate; otherwise the items now in order (possibly none, when this
   * one waits above a hole, possibly several, when it filled a hole).
   */
  offer(seq: number, item: T): T[] | null {
    if (!Number.isSafeInteger(seq) || seq <= 0 || this.has(seq)) return null;
    this.#pending.set(seq, item);
    return this.#drain();
  }

  /**
   * Declares every sequence up to `seq` accounted for, e.g. a catch-up said nothing else exists below it, or the
   * user cleared the history. Waiting items at or below it are released in order rather than dropped.
   */
  fillTo(seq: number): T[] {
    const released: T[] = [];
    if (seq > this.#watermark) {
      const below = [...this.#pending.keys()].filter((s) => s <= seq).sort((a, b) => a - b);
      for (const s of below) {
        released.push(this.#pending.get(s) as T);
        this.#pending.delete(s);
      }
      this.#watermark = seq;
    }
    released.push(...this.#drain());
    return released;
  }

  /**
   * Like fillTo, but what waits at or below `seq` is dropped: the user deleted that history, so it is no longer
   * owed. Items above it that are now in order are still released.
   */
  discardTo(seq: number): T[] {
    if (seq > this.#watermark) {
      for (const s of [...this.#pending.keys()]) if (s <= seq) this.#pending.delete(s);
      this.#watermark = seq;
    }
    return this.#drain();
  }

  #drain(): T[] {
    const out: T[] = [];
    while (this.#pending.has(this.#watermark + 1)) {
      this.#watermark += 1;
      out.push(this.#pending.get(this.#watermark) as T);
      this.#pending.delete(this.#watermark);
    }
    return out;
  }
}
