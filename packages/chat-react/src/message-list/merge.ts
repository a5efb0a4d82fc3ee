import type { MessageItem } from './message-item.ts';

/**
 * List operations keyed by message ID. Every path that adds a message goes through them, so a message delivered
 * twice (push plus catch-up, a retry, a page that overlaps a push) is shown once (GUIDE §3.1).
 */

/** Replaces the item with the same ID in place, or appends it. */
export function upsert(items: readonly MessageItem[], item: MessageItem): readonly MessageItem[] {
  const index = items.findIndex((m) => m.ID === item.ID);
  if (index === -1) return [...items, item];
  if (items[index] === item) return items;
  const next = [...items];
  next[index] = item;
  return next;
}

export function remove(items: readonly MessageItem[], ID: string): readonly MessageItem[] {
  const next = items.filter((m) => m.ID !== ID);
  return next.length === items.length ? items : next;
}

/** An older page goes in front; messages already shown are skipped. Returns how many were added. */
export function prepend(
  items: readonly MessageItem[],
  older: readonly MessageItem[],
): { items: readonly MessageItem[]; added: number } {
  const known = new Set(items.map((m) => m.ID));
  const fresh = older.filter((m) => !known.has(m.ID));
  return { items: fresh.length ? [...fresh, ...items] : items, added: fresh.length };
}

/**
 * The newest page fetched again (first load while pushes arrive, or catch-up after a reconnect). If it overlaps what
 * is shown, new messages are appended and known ones updated; if it does not and older messages exist, the list has a
 * gap and is replaced by the page.
 */
export function mergeLatest(
  items: readonly MessageItem[],
  page: readonly MessageItem[],
  pageIsCompleted: boolean,
): { items: readonly MessageItem[]; replaced: boolean } {
  const known = new Set(items.map((m) => m.ID));
  const overlaps = page.some((m) => known.has(m.ID));
  if (!overlaps && !pageIsCompleted && items.length > 0 && page.length > 0) {
    const fromServer = new Set(page.map((m) => m.ID));
    // Local messages never stored (unsent or failed) stay after the page.
    const local = items.filter((m) => m.status !== 'success' && !fromServer.has(m.ID));
    return { items: [...page, ...local], replaced: true };
  }
  let next = items;
  for (const item of page) next = upsert(next, item);
  return { items: next, replaced: false };
}
