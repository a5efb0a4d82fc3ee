import {
  type Article,
  type ArticleItem,
  type ArticleListRequest,
  type ArticlePage,
  type Block,
  type ContentPage,
  type JobGroup,
  PORTAL_PAGE,
  ParleyError,
  type PortalCity,
} from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';
import type { ArticleRow } from './ports.ts';
import { sanitizeHtml } from './sanitize-html.ts';

/** The slim header's cities (seed 001 §2.2, §9); 太原 first, the default. Values are region codes. */
export const PORTAL_CITIES: readonly PortalCity[] = [
  { name: '太原', name_en: 'Taiyuan', province: '140000', citys: '140100', area: '' },
  { name: '北京', name_en: 'Beijing', province: '110000', citys: '110100', area: '' },
  { name: '西安', name_en: "Xi'an", province: '610000', citys: '610100', area: '' },
  { name: '石家庄', name_en: 'Shijiazhuang', province: '130000', citys: '130100', area: '' },
];

export async function jobGroups(d: Domain): Promise<JobGroup[]> {
  return (await d.storage.portal.jobGroups()).map((g) => ({ id: g.id, title: g.title }));
}

/** PRT14: HTML leaves the server sanitized, whatever the table holds. */
const clean = (html: string) => sanitizeHtml(html).html;
/** Images: same-origin paths, data URLs or http(s); anything else is dropped. */
const cleanImage = (src: string) =>
  /^(\/|data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]|https?:\/\/)/i.test(src) ? src : '';

export async function block(d: Domain, id: number): Promise<Block> {
  const row = await d.storage.portal.block(id);
  if (row?.kind !== 'block') throw ParleyError.of('PORTAL_NOT_FOUND');
  return { id: row.id, title: row.title, image: cleanImage(row.image), content: clean(row.content) };
}

export async function contentPage(d: Domain, id: number): Promise<ContentPage> {
  const row = await d.storage.portal.block(id);
  if (row?.kind !== 'page') throw ParleyError.of('PORTAL_NOT_FOUND');
  return { id: row.id, title: row.title, content: clean(row.content), time: row.updatedAt };
}

export interface BlockInput {
  kind: 'block' | 'page';
  title: string;
  image: string;
  content: string;
}

/** PRT14: a block whose HTML or image could run code is refused whole; nothing is stored. */
export async function saveBlock(d: Domain, id: number, input: BlockInput): Promise<Block> {
  const { removed } = sanitizeHtml(input.content);
  if (removed.length > 0) throw ParleyError.of('PORTAL_UNSAFE_HTML', undefined, { removed: removed.slice(0, 10) });
  if (input.image && !cleanImage(input.image)) {
    throw ParleyError.of('PORTAL_UNSAFE_HTML', 'The image must be a same-origin path, an http(s) or an image data URL');
  }
  await d.storage.portal.putBlock({ id, ...input, updatedAt: nowSeconds(d) });
  return { id, title: input.title, image: input.image, content: input.content };
}

export const paging = (page = 1, size: number = PORTAL_PAGE.defaultSize) => ({
  page,
  size,
  offset: (page - 1) * size,
  limit: size,
});

const item = (r: ArticleRow): ArticleItem => ({
  id: r.id,
  kind: r.kind,
  t: r.sub,
  title: r.title,
  summary: r.summary,
  image: cleanImage(r.image),
  source: r.source,
  place: r.place,
  starts_at: r.startsAt,
  ends_at: r.endsAt,
  time: r.createdAt,
});

export async function articles(d: Domain, q: ArticleListRequest): Promise<ArticlePage> {
  const p = paging(q.page, q.size);
  const keyword = q.val?.trim();
  const { rows, total } = await d.storage.portal.articles({
    kind: q.kind,
    ...(q.t === undefined ? {} : { sub: q.t }),
    ...(keyword ? { keyword } : {}),
    offset: p.offset,
    limit: p.limit,
  });
  return { list: rows.map(item), total, page: p.page, size: p.size };
}

/**
 * Rule PCP17: an article's end (a registration deadline, a course's end) is never before its start (an event, a course,
 * an exam notice's registration opening); either may be 0 (none).
 */
export function articleDatesInOrder(startsAt: number, endsAt: number): boolean {
  return startsAt === 0 || endsAt === 0 || startsAt <= endsAt;
}

/** `kind` must match: an id of another kind is not found. */
export async function article(d: Domain, kind: string, id: number): Promise<Article> {
  const row = await d.storage.portal.article(id);
  if (!row || row.kind !== kind) throw ParleyError.of('PORTAL_NOT_FOUND');
  return { ...item(row), content: clean(row.content) };
}
