import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { KeywordPlan, MessageSearch, SearchHit, SearchRepo } from '../../domain/search/ports.ts';
import { indexTokens, normalise, searchText } from '../../domain/search/tokens.ts';
import { backfillBatch, indexQuery, reindexMessage } from './search-index.ts';

interface HitRow {
  view_id: string;
  conversation_id: string;
  seq: number | string;
  time: number | string;
  type?: string;
  payload?: string;
}

/** Whether a message's text matches one keyword exactly as the index plus the substring check mean it (SRCH3). */
function textMatches(tokens: readonly string[], text: string, k: KeywordPlan): boolean {
  if (k.terms.length === 0) return false;
  const exact = new Set(tokens);
  const termsHold = k.terms.every((t) => (t.prefix ? tokens.some((x) => x.startsWith(t.token)) : exact.has(t.token)));
  return termsHold && (k.verify === undefined || text.includes(k.verify));
}

const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));

/** `haystack` contains `needle` (both already lower-cased on the right): the substring test of profiles and groups. */
const contains = (pg: boolean, column: RawBuilder<unknown>, needle: string) =>
  pg ? sql`strpos(lower(${column}), ${needle}) > 0` : sql`instr(lower(${column}), ${needle}) > 0`;

function anyOf(pg: boolean, columns: RawBuilder<unknown>[], keywords: string[], match: 'and' | 'or') {
  const perKeyword = keywords.map(
    (k) =>
      sql`(${sql.join(
        columns.map((c) => contains(pg, c, normalise(k))),
        sql` or `,
      )})`,
  );
  return sql`(${sql.join(perKeyword, match === 'and' ? sql` and ` : sql` or `)})`;
}

/** Message, user, group and member search on SQLite and PostgreSQL (decision 0040). */
export function searchRepo(database: Kysely<unknown>, pg: boolean): SearchRepo {
  const db = database;

  const filters = (q: MessageSearch) => {
    const parts = [sql`m.seq > cm.cleared_seq`, sql`m.is_revoked = 0`, sql`m.is_deleted = 0`];
    // Deleted for me (ACT7): never found again (SRCH9).
    parts.push(sql`not exists (select 1 from message_hidden h where h.user_id = cm.user_id
      and h.conversation_id = m.conversation_id and h.seq = m.seq)`);
    if (q.senders?.length) parts.push(sql`m.sender in (${inList(q.senders)})`);
    if (q.types?.length) parts.push(sql`m.type in (${inList(q.types)})`);
    if (q.viewID !== undefined) parts.push(sql`cm.view_id = ${q.viewID}`);
    if (q.fromTime !== undefined) parts.push(sql`m.time >= ${q.fromTime}`);
    if (q.toTime !== undefined) parts.push(sql`m.time <= ${q.toTime}`);
    return sql.join(parts, sql` and `);
  };

  return {
    async messages(q) {
      const verify = q.keywords.some((k) => k.verify !== undefined);
      const cols = verify
        ? sql`cm.view_id, m.conversation_id, m.seq, m.time, m.type, m.payload`
        : sql`cm.view_id, m.conversation_id, m.seq, m.time`;
      const member = sql`join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${q.userID}`;
      const order = sql`order by m.time desc, m.seq desc`;
      let rows: HitRow[];
      if (q.keywords.length === 0) {
        rows = (await sql<HitRow>`select ${cols} from messages m ${member} where ${filters(q)} ${order}`.execute(db))
          .rows;
      } else {
        const expr = indexQuery(q.keywords, q.match, pg);
        if (expr === undefined) return [];
        rows = pg
          ? (
              await sql<HitRow>`select ${cols} from messages m ${member}
                where m.search @@ ${expr}::tsquery and ${filters(q)} ${order}`.execute(db)
            ).rows
          : (
              await sql<HitRow>`select ${cols} from message_fts join messages m on m.rowid = message_fts.rowid ${member}
                where message_fts match ${expr} and ${filters(q)} ${order}`.execute(db)
            ).rows;
      }
      if (verify) {
        rows = rows.filter((r) => {
          const text = normalise(searchText(r.type ?? '', r.payload ?? ''));
          const tokens = indexTokens(text);
          const hit = (k: KeywordPlan) => textMatches(tokens, text, k);
          return q.match === 'and' ? q.keywords.every(hit) : q.keywords.some(hit);
        });
      }
      return rows.map(
        (r): SearchHit => ({
          viewID: r.view_id,
          conversationID: r.conversation_id,
          seq: Number(r.seq),
          time: Number(r.time),
        }),
      );
    },
    reindex: (conversationID, seq) => reindexMessage(db, pg, conversationID, seq),
    backfill: (limit) => backfillBatch(db, pg, limit),
    async users(q) {
      const where = [anyOf(pg, [sql`a.user_id`, sql`p.nick`], q.keywords, q.match)];
      if (q.gender) where.push(sql`p.gender = ${q.gender}`);
      if (q.minBirthday !== undefined) where.push(sql`p.birthday >= ${q.minBirthday}`);
      if (q.maxBirthday !== undefined) where.push(sql`p.birthday <= ${q.maxBirthday}`);
      const rows = await sql<{ user_id: string }>`select a.user_id from accounts a
        join profiles p on p.user_id = a.user_id where ${sql.join(where, sql` and `)}
        order by a.created_at desc, a.user_id`.execute(db);
      return rows.rows.map((r) => r.user_id);
    },
    async groups(q) {
      const where = [sql`g.dismissed = 0`, anyOf(pg, [sql`g.group_id`, sql`g.name`], q.keywords, q.match)];
      if (q.groupTypes?.length) where.push(sql`g.type in (${inList(q.groupTypes)})`);
      const rows = await sql<{ group_id: string }>`select g.group_id from groups g
        where ${sql.join(where, sql` and `)} order by g.created_at desc, g.group_id`.execute(db);
      return rows.rows.map((r) => r.group_id);
    },
    async groupMembers(q) {
      const where = [
        sql`g.dismissed = 0`,
        anyOf(pg, [sql`gm.user_id`, sql`coalesce(p.nick, '')`, sql`gm.name_card`], q.keywords, q.match),
      ];
      if (q.groupIDs?.length) where.push(sql`g.group_id in (${inList(q.groupIDs)})`);
      if (q.groupTypes?.length) where.push(sql`g.type in (${inList(q.groupTypes)})`);
      // Only the searcher's own groups (SRCH32): membership is what lets one see a member list.
      const rows = await sql<{ group_id: string; user_id: string }>`select gm.group_id, gm.user_id
        from group_members mine join groups g on g.group_id = mine.group_id
        join group_members gm on gm.group_id = g.group_id left join profiles p on p.user_id = gm.user_id
        where mine.user_id = ${q.userID} and ${sql.join(where, sql` and `)}
        order by gm.group_id, gm.join_time, gm.user_id`.execute(db);
      return rows.rows.map((r) => ({ groupID: r.group_id, userID: r.user_id }));
    },
  };
}
