/** Defaults of PARLEY_MAX_GROUPS_PER_USER and PARLEY_GROUP_TIP_WINDOW_S (docs/PROTOCOL.md ABU22, ABU26). */
export const DEFAULT_MAX_GROUPS_PER_USER = 1000;
export const DEFAULT_TIP_WINDOW_SECONDS = 10;

/**
 * Remembers when a member's own join or quit tip was last stored per group (ABU26). Per process, like the rate
 * limiters: on several nodes each coalesces on its own, so a member still gets at most one tip per window per node.
 */
export class TipCoalescer {
  readonly #last = new Map<string, number>();
  constructor(
    readonly windowSeconds: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** True when a tip about `userID` in `groupID` may be stored now (and records it); false inside the window. */
  admit(groupID: string, userID: string, now: number): boolean {
    if (this.windowSeconds <= 0) return true;
    const key = `${groupID}\u0000${userID}`;
    const last = this.#last.get(key);
    if (last !== undefined && now - last < this.windowSeconds) return false;
    if (last === undefined && this.#last.size >= this.maxKeys) this.#sweep(now);
    this.#last.set(key, now);
    return true;
  }

  /** Forgets windows that have passed; if every one is still open, forgets all (a tip too many, never a lost join). */
  #sweep(now: number): void {
    for (const [key, at] of this.#last) if (now - at >= this.windowSeconds) this.#last.delete(key);
    if (this.#last.size >= this.maxKeys) this.#last.clear();
  }
}

/** The deployment's group churn limits (PARLEY_MAX_GROUPS_PER_USER, PARLEY_GROUP_TIP_WINDOW_S). */
export interface GroupChurnLimits {
  readonly maxPerUser: number;
  readonly tipWindowSeconds: number;
}

/** Part of the domain (app/build-domain.ts): the limits and this node's memory of recent member tips. */
export interface GroupChurn {
  /** Groups one user may be in (ABU22). */
  readonly maxGroupsPerUser: number;
  readonly tips: TipCoalescer;
}

export function createGroupChurn(limits: GroupChurnLimits): GroupChurn {
  return { maxGroupsPerUser: limits.maxPerUser, tips: new TipCoalescer(limits.tipWindowSeconds) };
}
