import { type Static, Type } from 'typebox';

export const PStrict = { additionalProperties: false } as const;
/** Portal strings: any text but NUL (rule IN1). */
export const PText = (options: { minLength?: number; maxLength?: number; description?: string } = {}) =>
  Type.String({ ...options, pattern: '^[^\\u0000]*$' });
export const PId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** A six-digit region code as text (seed 001 §3), or '' for none. */
export const RegionCode = Type.String({ pattern: '^([0-9]{6})?$' });
export const PUid = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' });

export const PORTAL_IDENTITY = { JOB_SEEKER: 1, ENTERPRISE: 2 } as const;
export const PortalIdentity = Type.Union([Type.Literal(1), Type.Literal(2)]);

export const PORTAL_PAGE = { defaultSize: 10, maxSize: 50 } as const;
export const PageRequest = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: PORTAL_PAGE.maxSize })),
};
export const Paged = <T extends import('typebox').TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), page: Type.Integer(), size: Type.Integer() }, PStrict);

export const EmptyRequestSchema = Type.Object({}, PStrict);
export type EmptyRequest = Static<typeof EmptyRequestSchema>;

/**
 * The chat profile's `language` as the portal web app writes it when a logged-in user picks a language; 0 (never
 * set) counts as Chinese, the portal's language. The server writes notices to a job seeker in it (PCP15).
 */
export const PORTAL_LANGUAGE = { ZH: 1, EN: 2 } as const;
