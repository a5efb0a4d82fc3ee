import { type Kysely, sql } from 'kysely';
import type { KeywordPlan } from '../../domain/search/ports.ts';
import { messageTokens } from '../../domain/search/tokens.ts';

/**
 * Writing and querying the message index on either database (decision 0040). Tokens are made in TypeScript
 * (domain/search/tokens.ts); here they become an FTS5 row (SQLite) or a tsvector (PostgreSQL).
 */

/** The space-separated tokens the send path stores with a message, or null when it has nothing searchable. */
export function tokenField(type: string, payload: string): string | null {
  const tokens = messageTokens(type, payload);
  return tokens.length > 0 ? tokens.join(' ') : null;
}

/** Tokens hold no ASCII punctuation (tokens.ts), so quoting them is enough for either query syntax. */
function keywordExpr(k: KeywordPlan, pg: boolean): string {
  return k.terms
    .map((t) => (pg ? `'${t.token}'${t.prefix ? ':*' : ''}` : `"${t.token}"${t.prefix ? '*' : ''}`))
    .join(pg ? ' & ' : ' AND ');
}

/** The keywords as one FTS5 MATCH expression or one tsquery; undefined when they can match nothing. */
export function indexQuery(keywords: readonly KeywordPlan[], match: 'and' | 'or', pg: boolean): string | undefined {
  const usable = keywords.filter((k) => k.terms.length > 0);
  if (usable.length === 0 || (match === 'and' && usable.length < keywords.length)) return undefined;
  const joiner = match === 'and' ? (pg ? ' & ' : ' AND ') : pg ? ' | ' : ' OR ';
  return usable.map((k) => `(${keywordExpr(k, pg)})`).join(joiner);
}

interface StoredRow {
  r?: number | bigint;
  type: string;
  payload: string;
  is_revoked: number;
}

/**
 * Writes one message's index entry again from its row as stored now (SRCH14): a modified text's new words, a
 * recalled message's none. Deleting first keeps it idempotent (FTS5 would take a rowid twice).
 */
export async function reindexMessage(db: Kysely<unknown>, pg: boolean, conversationID: string, seq: number) {
  if (pg) {
    const row = (
      await sql<StoredRow>`select type, payload, is_revoked from messages
        where conversation_id = ${conversationID} and seq = ${seq}`.execute(db)
    ).rows[0];
    if (!row) return;
    const tokens = Number(row.is_revoked) === 1 ? null : tokenField(row.type, row.payload);
    await sql`update messages set search = array_to_tsvector(string_to_array(${tokens}::text, ' '))
      where conversation_id = ${conversationID} and seq = ${seq}`.execute(db);
    return;
  }
  const row = (
    await sql<StoredRow>`select rowid as r, type, payload, is_revoked from messages
      where conversation_id = ${conversationID} and seq = ${seq}`.execute(db)
  ).rows[0];
  if (!row) return;
  await sql`delete from message_fts where rowid = ${row.r}`.execute(db);
  const tokens = Number(row.is_revoked) === 1 ? null : tokenField(row.type, row.payload);
  if (tokens) await sql`insert into message_fts (rowid, tokens) values (${row.r}, ${tokens})`.execute(db);
}

interface BackfillState {
  after_conversation: string;
  after_seq: number | string;
  upto_rowid: number | string;
  done: number;
}

/**
 * Indexes the next `limit` messages stored before migration 0026 (SRCH16), in one transaction. SQLite walks rowids
 * up to the last one at the migration (later ones were indexed when sent); PostgreSQL walks (conversation, seq) and
 * writes a row only while its modify version and recall flag are still those it read, so a change committed in
 * between keeps the index it wrote.
 */
export async function backfillBatch(db: Kysely<unknown>, pg: boolean, limit: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const state = (
      await sql<BackfillState>`select after_conversation, after_seq, upto_rowid, done from search_backfill
        where name = 'messages'`.execute(tx)
    ).rows[0];
    if (!state || Number(state.done) === 1) return 0;
    const n = pg ? await backfillPostgres(tx, state, limit) : await backfillSqlite(tx, state, limit);
    if (n === 0) await sql`update search_backfill set done = 1 where name = 'messages'`.execute(tx);
    return n;
  });
}

async function backfillSqlite(tx: Kysely<unknown>, state: BackfillState, limit: number): Promise<number> {
  const rows = (
    await sql<StoredRow & { r: number }>`select rowid as r, type, payload, is_revoked from messages
      where rowid > ${Number(state.after_seq)} and rowid <= ${Number(state.upto_rowid)} order by rowid limit ${limit}`.execute(
      tx,
    )
  ).rows;
  for (const row of rows) {
    await sql`delete from message_fts where rowid = ${row.r}`.execute(tx);
    const tokens = Number(row.is_revoked) === 1 ? null : tokenField(row.type, row.payload);
    if (tokens) await sql`insert into message_fts (rowid, tokens) values (${row.r}, ${tokens})`.execute(tx);
  }
  const last = rows.at(-1);
  if (last) await sql`update search_backfill set after_seq = ${last.r} where name = 'messages'`.execute(tx);
  return rows.length;
}

async function backfillPostgres(tx: Kysely<unknown>, state: BackfillState, limit: number): Promise<number> {
  const rows = (
    await sql<StoredRow & { conversation_id: string; seq: string; modify_version: number }>`
      select conversation_id, seq, type, payload, is_revoked, modify_version from messages
      where (conversation_id, seq) > (${state.after_conversation}, ${Number(state.after_seq)})
      order by conversation_id, seq limit ${limit}`.execute(tx)
  ).rows;
  const todo = rows
    .map((r) => ({ r, tokens: Number(r.is_revoked) === 1 ? null : tokenField(r.type, r.payload) }))
    .filter((x) => x.tokens !== null);
  if (todo.length > 0) {
    await sql`update messages m set search = array_to_tsvector(string_to_array(v.tk, ' '))
      from unnest(${todo.map((x) => x.r.conversation_id)}::text[], ${todo.map((x) => Number(x.r.seq))}::bigint[],
        ${todo.map((x) => x.tokens)}::text[], ${todo.map((x) => Number(x.r.modify_version))}::int[]) as v(c, s, tk, mv)
      where m.conversation_id = v.c and m.seq = v.s and m.modify_version = v.mv and m.is_revoked = 0`.execute(tx);
  }
  const last = rows.at(-1);
  if (last) {
    await sql`update search_backfill set after_conversation = ${last.conversation_id}, after_seq = ${Number(last.seq)}
      where name = 'messages'`.execute(tx);
  }
  return rows.length;
}
