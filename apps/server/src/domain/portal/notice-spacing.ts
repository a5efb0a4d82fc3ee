/**
 * How often one application is announced (ABU36, decision 0027): within `windowMs` of its first notice, at most `max`
 * notices, and never the status its last notice already told.
 */
export const STATUS_NOTICE_SPACING = { windowMs: 600_000, max: 3, maxKeys: 10_000 } as const;

interface Announced {
  readonly status: number;
  readonly count: number;
  readonly until: number;
}

/**
 * This node's memory of recent status notices, part of the domain (app/build-domain.ts). Per node, like the send
 * budget (LIM5): on several nodes each spaces the notices it sends (a few more at worst).
 */
export class NoticeSpacing {
  readonly #announced = new Map<string, Announced>();

  /**
   * The record a notice of `status` for `key` would leave, or undefined when spacing forbids it. Nothing is kept
   * until `record`, so a notice refused afterwards (over the send budget) leaves no trace.
   */
  next(key: string, status: number, now: number): Announced | undefined {
    if (this.#announced.size >= STATUS_NOTICE_SPACING.maxKeys)
      for (const [k, a] of this.#announced) if (a.until <= now) this.#announced.delete(k);
    const live = this.#announced.get(key);
    const last = live && live.until > now ? live : undefined;
    if (last && (last.status === status || last.count >= STATUS_NOTICE_SPACING.max)) return undefined;
    return { status, count: (last?.count ?? 0) + 1, until: last?.until ?? now + STATUS_NOTICE_SPACING.windowMs };
  }

  /** Keeps `announced` for `key`; returns what was kept before, for `putBack`. */
  record(key: string, announced: Announced): Announced | undefined {
    const before = this.#announced.get(key);
    this.#announced.set(key, announced);
    return before;
  }

  /** Undoes `record(key, announced)` (its notice was refused), unless a later record replaced it. */
  putBack(key: string, announced: Announced, before: Announced | undefined): void {
    if (this.#announced.get(key) !== announced) return;
    if (before) this.#announced.set(key, before);
    else this.#announced.delete(key);
  }
}
