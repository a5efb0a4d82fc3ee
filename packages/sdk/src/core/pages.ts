/** A page of a cursor-paged list (ABU24): `nextCursor` absent or empty on the last one. */
export interface CursorPage {
  nextCursor?: string | undefined;
}

/**
 * A server that never ends a walk (a cursor that does not move) cannot hold the SDK for ever: at most this many pages
 * are read, enough for a million rows at the server's page size, far above any per-user cap (ABU22).
 */
const MAX_PAGES = 10_000;

/**
 * Reads a cursor-paged list to its end, so the SDK's public answers stay whole lists (reference §4, §5) while no one
 * server answer is unbounded. `first` is a page already in hand (a start snapshot); `fetch('')` reads the first page.
 */
export async function readAllPages<P extends CursorPage>(
  fetch: (cursor: string) => Promise<P>,
  first?: P,
): Promise<P[]> {
  const pages = [first ?? (await fetch(''))];
  for (let cursor = pages[0]?.nextCursor ?? ''; cursor !== '' && pages.length < MAX_PAGES; ) {
    const page = await fetch(cursor);
    pages.push(page);
    const next = page.nextCursor ?? '';
    cursor = next === cursor ? '' : next;
  }
  return pages;
}

/** `url` with `?cursor=` (or `&cursor=`) added when there is one. */
export function withCursor(url: string, cursor: string): string {
  if (cursor === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
}
