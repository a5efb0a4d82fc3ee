import type { MessageItem } from './message-item.ts';

/**
 * List operations keyed by message ID. Every path that adds a message goes through them, so a message delivered
 * twice (push plus catch-up, a retry, a page that overlaps a push) is shown once (GUIDE §3.1).
 */

/** A message the server has stored: its sequence says where it belongs (GUIDE §3.2). */
const sequenced = (m: MessageItem) => m.status === 'success' && m.sequence > 0;

/** Whether `item` at `index` sits between the stored messages around it. */
function fitsAt(items: readonly MessageItem[], index: number, item: MessageItem): boolean {
  const before = items.slice(0, index).findLast(sequenced);
  const after = items.slice(index + 1).find(sequenced);
  return (!before || before.sequence < item.sequence) && (!after || after.sequence > item.sequence);
}

/**
 * Adds or updates an item. An update stays in place unless the item is a stored message whose sequence no longer
 * fits there; then, like a new stored message, it goes before the first stored message with a higher sequence, else
 * to the end. So a message sent offline moves below the peer's messages that arrived meanwhile once the server
 * acknowledges it (UI3), while messages not stored yet (sending, failed) keep their place.
 */
export function upsert(items: readonly MessageItem[], item: MessageItem): readonly MessageItem[] {
  const index = items.findIndex((m) => m.ID === item.ID);
  if (index !== -1 && items[index] === item) return items;
  if (index !== -1 && (!sequenced(item) || fitsAt(items, index, item))) {
    const next = [...items];
    next[index] = item;
    return next;
  }
  if (index === -1 && !sequenced(item)) return [...items, item];
  const next = index === -1 ? [...items] : items.filter((_, i) => i !== index);
  const higher = next.findIndex((m) => sequenced(m) && m.sequence > item.sequence);
  next.splice(higher === -1 ? next.length : higher, 0, item);
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
