import { describe, expect, it } from 'vitest';
import { readAllPages, withCursor } from '../src/core/pages.ts';

interface Page {
  rows: number[];
  nextCursor?: string;
}

describe('cursor-paged lists', () => {
  it('ABU24 every page is read from the first, or from a page already in hand, until the cursor is empty', async () => {
    const server: Record<string, Page> = {
      '': { rows: [1, 2], nextCursor: '2' },
      '2': { rows: [3, 4], nextCursor: '4' },
      '4': { rows: [5], nextCursor: '' },
    };
    const asked: string[] = [];
    const fetch = async (cursor: string) => {
      asked.push(cursor);
      return server[cursor] as Page;
    };
    expect((await readAllPages(fetch)).flatMap((p) => p.rows)).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual(['', '2', '4']);
    const snapshot = { rows: [1, 2], nextCursor: '2' };
    expect((await readAllPages(fetch, snapshot)).flatMap((p) => p.rows)).toEqual([1, 2, 3, 4, 5]);
    // An answer without a cursor (an older server) is the whole list.
    expect(await readAllPages<Page>(async () => ({ rows: [9] }))).toEqual([{ rows: [9] }]);
  });

  it('ABU24 a cursor that does not move ends the walk instead of looping', async () => {
    let calls = 0;
    const pages = await readAllPages(async () => {
      calls += 1;
      return { rows: [calls], nextCursor: 'same' };
    });
    expect(pages.length).toBe(2);
    expect(withCursor('/api/v1/groups', 'a#b')).toBe('/api/v1/groups?cursor=a%23b');
    expect(withCursor('/api/v1/conversations?since=3', '')).toBe('/api/v1/conversations?since=3');
  });
});
