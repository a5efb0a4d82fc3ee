import { type Static, Type } from 'typebox';
import { PId, PStrict, Paged, PageRequest, PText } from './shared.ts';

/** Content block ids the portal's chrome asks for (seed 001 §7.2). */
export const BLOCK_IDS = { footer: 30, qrLeft: 31, qrRight: 32, copyright: 42 } as const;
/** Content page ids the footer links to (`/dy?id=…`). */
export const PAGE_IDS = { contact: 29, policy: 36 } as const;

export const JobGroupSchema = Type.Object({ id: Type.Integer(), title: Type.String() }, PStrict);
export type JobGroup = Static<typeof JobGroupSchema>;
/** common/recruitgroup: every job group, in display order; the header shows the first 8. */
export const JobGroupListSchema = Type.Array(JobGroupSchema);

export const ByIdRequestSchema = Type.Object({ id: PId }, PStrict);
export type ByIdRequest = Static<typeof ByIdRequestSchema>;

/** common/bimage: a content block; `content` is sanitized HTML (PRT14), `image` a same-origin path or data URL. */
export const BlockSchema = Type.Object(
  { id: Type.Integer(), title: Type.String(), image: Type.String(), content: Type.String() },
  PStrict,
);
export type Block = Static<typeof BlockSchema>;

/** common/dy: a generic content page (`/dy?id=…`), sanitized HTML. */
export const ContentPageSchema = Type.Object(
  { id: Type.Integer(), title: Type.String(), content: Type.String(), time: Type.Integer() },
  PStrict,
);
export type ContentPage = Static<typeof ContentPageSchema>;

/** common/citys: the slim header's cities; the first is the default (太原). Values go into the city cookies. */
export const PortalCitySchema = Type.Object(
  { name: Type.String(), name_en: Type.String(), province: Type.String(), citys: Type.String(), area: Type.String() },
  PStrict,
);
export type PortalCity = Static<typeof PortalCitySchema>;
export const PortalCityListSchema = Type.Array(PortalCitySchema);

/**
 * Article kinds (decision 0010): news (/news), zk exam and direct-hiring notices (/zk), train courses (/train),
 * asked FAQ (/asked, title = question, content = answer), gg announcements (/gg), zp job fairs and campus
 * recruitment (/zp with t 1 or 2), expert profiles of the think-tank (/expert: title = name, summary = field,
 * source = position; decision 0035).
 */
export const ARTICLE_KINDS = ['news', 'zk', 'train', 'asked', 'gg', 'zp', 'expert'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];
export const ArticleKindSchema = Type.Union([
  Type.Literal('news'),
  Type.Literal('zk'),
  Type.Literal('train'),
  Type.Literal('asked'),
  Type.Literal('gg'),
  Type.Literal('zp'),
  Type.Literal('expert'),
]);
/** zp's `t`: 1 job fair, 2 campus recruitment (seed 001 §2.2). */
export const ZP_TYPE = { JOB_FAIR: 1, CAMPUS: 2 } as const;

export const ArticleItemSchema = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.String(),
    t: Type.Integer({ description: 'sub-type: zp 1 job fair / 2 campus; 0 otherwise' }),
    title: Type.String(),
    summary: Type.String(),
    image: Type.String(),
    source: Type.String({ description: 'publisher, organiser or lecturer' }),
    place: Type.String(),
    starts_at: Type.Integer({
      description: 'event or course start, registration opening of an exam notice (seconds); 0 none',
    }),
    ends_at: Type.Integer({ description: 'registration deadline or end, never before starts_at (seconds); 0 none' }),
    time: Type.Integer({ description: 'published (seconds)' }),
  },
  PStrict,
);
export type ArticleItem = Static<typeof ArticleItemSchema>;
export const ArticleSchema = Type.Object({ ...ArticleItemSchema.properties, content: Type.String() }, PStrict);
export type Article = Static<typeof ArticleSchema>;

/** article/list: newest first. news/list is the same with kind news. */
export const ArticleListRequestSchema = Type.Object(
  {
    kind: ArticleKindSchema,
    t: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
    val: Type.Optional(PText({ maxLength: 50 })),
    ...PageRequest,
  },
  PStrict,
);
export type ArticleListRequest = Static<typeof ArticleListRequestSchema>;
export const NewsListRequestSchema = Type.Object(
  { val: Type.Optional(PText({ maxLength: 50 })), ...PageRequest },
  PStrict,
);
export type NewsListRequest = Static<typeof NewsListRequestSchema>;
export const ArticlePageSchema = Paged(ArticleItemSchema);
export type ArticlePage = Static<typeof ArticlePageSchema>;

/** article/show: `kind` must match, so /zk_show?id= of a news item is not found. */
export const ArticleShowRequestSchema = Type.Object({ kind: ArticleKindSchema, id: PId }, PStrict);
export type ArticleShowRequest = Static<typeof ArticleShowRequestSchema>;
