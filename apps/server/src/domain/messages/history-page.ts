import { LIMITS, ParleyError } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { parseConversationID } from '../conversations/ids.ts';
import { CACHED_ROWS } from './page-cache.ts';
import type { PageContext, WireRow } from './send-port.ts';
import { toWire } from './wire.ts';
import { visibleTo } from '../actions/hide.ts';
import { hiddenReplies, pruneReplies } from '../actions/reply-view.ts';

export interface PageQuery {
  nextReqMessageID?: string | undefined;
  beforeSeq?: number | undefined;
  count?: number | undefined;
}

const EMPTY_PAGE = '{"messageList":[],"nextReqMessageID":"","isCompleted":true}';

/** Rows older than migration 0007 have no stored JSON: theirs is built from the columns, once per page. */
async function withWire(d: Domain, conversationID: string, rows: WireRow[]): Promise<WireRow[]> {
  if (rows.every((r) => r.wire !== '')) return rows;
  return Promise.all(
    rows.map(async (r) => {
      if (r.wire !== '') return r;
      const row = await d.storage.messages.get(conversationID, r.seq);
      return { ...r, wire: row ? JSON.stringify(toWire(row)) : 'null' };
    }),
  );
}

/**
 * KACT33: a member who deleted messages here reads roots without the replies they deleted. Only rows whose stored JSON
 * names a reply list are parsed; the cached rows are never changed (they serve every member).
 */
async function withoutHiddenReplies(d: Domain, userID: string, key: string, rows: WireRow[]): Promise<WireRow[]> {
  const roots = new Map<number, { cloudCustomData: string } & Record<string, unknown>>();
  for (const row of rows) {
    if (row.wire.includes('messageReplies')) roots.set(row.seq, JSON.parse(row.wire));
  }
  if (roots.size === 0) return rows;
  const hidden = await hiddenReplies(
    d.storage,
    userID,
    key,
    [...roots.values()].map((m) => m.cloudCustomData),
  );
  if (hidden.size === 0) return rows;
  return rows.map((row) => {
    const message = roots.get(row.seq);
    const cloudCustomData = message && pruneReplies(message.cloudCustomData, hidden);
    if (!message || cloudCustomData === message.cloudCustomData) return row;
    return { ...row, wire: JSON.stringify({ ...message, cloudCustomData }) };
  });
}

/** The page's JSON from stored strings: oldest first, as getMessageList answers (HIST1). */
function pageJSON(newestFirst: readonly WireRow[], count: number, clearedSeq: number, shown?: Set<number>): string {
  const oldest = newestFirst.at(-1);
  if (!oldest) return EMPTY_PAGE;
  const isCompleted = newestFirst.length < count || oldest.seq <= clearedSeq + 1;
  let list = '';
  for (let i = newestFirst.length - 1; i >= 0; i -= 1) {
    const row = newestFirst[i] as WireRow;
    if (!shown || shown.has(row.seq)) list += (list ? ',' : '') + row.wire;
  }
  return `{"messageList":[${list}],"nextReqMessageID":${JSON.stringify(oldest.id)},"isCompleted":${isCompleted}}`;
}

/** The newest page from the cache, filled from storage on a miss; undefined when the cache cannot answer. */
async function newestPage(d: Domain, ctx: PageContext, count: number): Promise<WireRow[] | undefined> {
  if (count > CACHED_ROWS) return undefined;
  const { pages } = d.sendPath;
  let entry = pages.get(ctx.conversationID, ctx.lastSeq);
  if (!entry) {
    const rows = await d.storage.sends.pageBefore(ctx.conversationID, undefined, CACHED_ROWS, 0);
    pages.fill(ctx.conversationID, await withWire(d, ctx.conversationID, rows));
    entry = pages.get(ctx.conversationID, rows[0]?.seq ?? 0);
    if (!entry) return undefined;
  }
  // The member's cleared history is cut here, per request: one entry serves every member (rule HIST3).
  const page: WireRow[] = [];
  for (const row of entry.rows) {
    if (row.seq <= ctx.clearedSeq || page.length === count) break;
    page.push(row);
  }
  return page;
}

/**
 * getMessageList as JSON text (rules HIST1, HIST2): the newest `count` before a cursor, never what I cleared. Each
 * message is its stored wire JSON, so a page is joined strings; the newest page comes from the page cache.
 */
export async function messagePageJSON(d: Domain, userID: string, conversationID: string, q: PageQuery) {
  parseConversationID(conversationID);
  const ctx = await d.storage.sends.pageContext(userID, conversationID);
  if (!ctx) return EMPTY_PAGE;
  const count = q.count ?? LIMITS.historyPage;
  let before = q.beforeSeq;
  if (q.nextReqMessageID) {
    const cursor = await d.storage.messages.byConversationID(ctx.conversationID, q.nextReqMessageID);
    if (!cursor) throw ParleyError.of('MESSAGE_NOT_FOUND', 'nextReqMessageID is not a message of this conversation');
    before = cursor.seq;
  }
  const cached = before === undefined ? await newestPage(d, ctx, count) : undefined;
  const rows = cached ?? (await d.storage.sends.pageBefore(ctx.conversationID, before, count, ctx.clearedSeq));
  // Messages I deleted (rule ACT7) are left out after the page's cursor and completeness are decided; the
  // lookup is skipped when the member never hid anything here (HIST5).
  const shown = ctx.anyHidden ? await visibleTo(d.storage, userID, ctx.conversationID, rows) : rows;
  const wired = await withWire(d, ctx.conversationID, rows);
  return pageJSON(
    ctx.anyHidden ? await withoutHiddenReplies(d, userID, ctx.conversationID, wired) : wired,
    count,
    ctx.clearedSeq,
    shown.length === rows.length ? undefined : new Set(shown.map((r) => r.seq)),
  );
}
