import type { WireRow } from './send-port.ts';

/** Messages kept per conversation: two newest pages of 15, so the common "open the conversation" never misses. */
export const CACHED_ROWS = 30;
/** Conversations kept; the least recently used is dropped first. */
const MAX_CONVERSATIONS = 10_000;

interface Entry {
  /** Newest first, at most CACHED_ROWS, dense sequences. */
  rows: WireRow[];
  /** The conversation's last sequence when the entry was right: a page is served only if it still is. */
  lastSeq: number;
  /** The rows reach back to the conversation's first message. */
  complete: boolean;
}

/**
 * The newest messages of recently read conversations as stored wire JSON (rules HIST2–HIST4). It holds
 * what every member sees alike; what differs per member (a cleared history, rule CONV2) is applied per request from
 * the member row, so one entry serves both sides. The send path appends after each commit; a reader uses an entry
 * only when its last sequence is the conversation's, read in the same query as the member row, so a message
 * written by another node is never hidden by a stale entry. What changes a stored message without a new sequence
 * (modify, revoke, delete for everyone: a later issue) must call `invalidate`.
 */
export class PageCache {
  readonly #entries = new Map<string, Entry>();

  /** The entry if it is current for `lastSeq`; it becomes the most recently used. */
  get(conversationID: string, lastSeq: number): Entry | undefined {
    const entry = this.#entries.get(conversationID);
    if (!entry) return undefined;
    if (entry.lastSeq !== lastSeq) {
      this.#entries.delete(conversationID);
      return undefined;
    }
    this.#entries.delete(conversationID);
    this.#entries.set(conversationID, entry);
    return entry;
  }

  /** Rows read from storage, newest first, `CACHED_ROWS` asked for. */
  fill(conversationID: string, rows: WireRow[]): void {
    if (this.#entries.size >= MAX_CONVERSATIONS) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const lastSeq = rows[0]?.seq ?? 0;
    this.#entries.set(conversationID, { rows, lastSeq, complete: rows.length < CACHED_ROWS });
  }

  /** A message just committed: appended when it is the next one, otherwise the entry is dropped. */
  append(conversationID: string, row: WireRow): void {
    const entry = this.#entries.get(conversationID);
    if (!entry) return;
    if (row.seq !== entry.lastSeq + 1) {
      if (row.seq > entry.lastSeq) this.#entries.delete(conversationID);
      return;
    }
    entry.rows.unshift(row);
    if (entry.rows.length > CACHED_ROWS) {
      entry.rows.length = CACHED_ROWS;
      entry.complete = false;
    }
    entry.lastSeq = row.seq;
  }

  /** Forgets a conversation's entry: call after changing a stored message in place. */
  invalidate(conversationID: string): void {
    this.#entries.delete(conversationID);
  }

  /**
   * Retention (RET7): forgets the entry when it holds a message below `lowestSeq`, the lowest one still stored
   * (0: none is), so a purged message is never served from here, whichever node purged it.
   */
  dropBelow(conversationID: string, lowestSeq: number): void {
    const oldest = this.#entries.get(conversationID)?.rows.at(-1);
    if (oldest && (lowestSeq === 0 || oldest.seq < lowestSeq)) this.#entries.delete(conversationID);
  }

  get size(): number {
    return this.#entries.size;
  }
}
