import { type Kysely, type Selectable, sql } from 'kysely';
import type { ArticleRow, BlockRow, PortalRepo } from '../../domain/portal/ports.ts';
import type { Database } from '../schema.ts';
import type { PortalArticlesTable } from './portal-schema.ts';

/** `%`, `_` and the escape itself match literally inside a LIKE pattern. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const toArticle = (r: Selectable<PortalArticlesTable>): ArticleRow => ({
  id: Number(r.id),
  kind: r.kind,
  sub: Number(r.sub),
  title: r.title,
  summary: r.summary,
  content: r.content,
  image: r.image,
  source: r.source,
  place: r.place,
  startsAt: Number(r.starts_at),
  endsAt: Number(r.ends_at),
  createdAt: Number(r.created_at),
});

export function contentRepo(
  db: Kysely<Database>,
): Pick<PortalRepo, 'putArticle' | 'article' | 'articles' | 'block' | 'putBlock'> {
  return {
    async putArticle(row) {
      await db
        .insertInto('portal_articles')
        .values({
          id: row.id,
          kind: row.kind,
          sub: row.sub,
          title: row.title,
          summary: row.summary,
          content: row.content,
          image: row.image,
          source: row.source,
          place: row.place,
          starts_at: row.startsAt,
          ends_at: row.endsAt,
          created_at: row.createdAt,
        })
        .execute();
    },
    async article(id) {
      const r = await db.selectFrom('portal_articles').selectAll().where('id', '=', id).executeTakeFirst();
      return r && toArticle(r);
    },
    async articles(q) {
      let base = db.selectFrom('portal_articles').where('kind', '=', q.kind);
      if (q.sub !== undefined) base = base.where('sub', '=', q.sub);
      if (q.keyword) base = base.where(sql`lower(title)`, 'like', sql`${likePattern(q.keyword)} escape '\\'`);
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.limit)
        .offset(q.offset)
        .execute();
      return { rows: rows.map(toArticle), total: Number(total.n) };
    },
    async block(id) {
      const r = await db.selectFrom('portal_blocks').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return undefined;
      const row: BlockRow = {
        id: Number(r.id),
        kind: r.kind === 'page' ? 'page' : 'block',
        title: r.title,
        image: r.image,
        content: r.content,
        updatedAt: Number(r.updated_at),
      };
      return row;
    },
    async putBlock(row) {
      const values = {
        kind: row.kind,
        title: row.title,
        image: row.image,
        content: row.content,
        updated_at: row.updatedAt,
      };
      await db
        .insertInto('portal_blocks')
        .values({ id: row.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },
  };
}
