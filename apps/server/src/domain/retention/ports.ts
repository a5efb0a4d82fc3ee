/** What one retention step removed (decision 0047): the app drops cached pages and unreferenced files after it. */
export interface RetentionStep {
  /** Messages deleted by this step, with their reactions, receipts, hides, pins and search entries (RET5). */
  purged: number;
  /**
   * Each conversation this step looked at, with its lowest sequence still stored after the step (0 when none is
   * left): a cached page holding anything below it is stale (RET7), whichever node purged it.
   */
  visited: { conversationID: string; lowestSeq: number }[];
  /** File IDs named by the purged messages: candidates for removal once no stored message names them (RET8). */
  fileIDs: string[];
  /** True when the walk went past the last conversation: the sweep is over until the next period. */
  sweptAll: boolean;
}

/** Message retention in the database (decision 0047, RET1–RET15); one implementation for SQLite and PostgreSQL. */
export interface RetentionStore {
  /**
   * Deletes, in one transaction per conversation, up to `maxRows` messages older than their conversation's
   * retention (the group's override, else `defaultDays`; 0 = forever) and every row tied to them, walking the
   * conversations from a cursor kept between steps.
   */
  step(nowSeconds: number, defaultDays: number, maxRows: number): Promise<RetentionStep>;
  /** Whether any stored message still names the file ID (its payload or cloudCustomData). */
  fileNamed(fileID: string): Promise<boolean>;
  /** A group's override (null = the default); undefined when there is no such group. */
  groupDays(groupID: string): Promise<number | null | undefined>;
  /** Sets a group's override; false when there is no such group. */
  setGroupDays(groupID: string, days: number | null): Promise<boolean>;
}
