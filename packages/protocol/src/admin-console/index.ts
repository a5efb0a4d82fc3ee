/** The admin console's part of the protocol (decision 0053, rules ADM1–ADM40). */
import { type Static, Type } from 'typebox';
import { Strict, Text } from '../schemas/common.ts';

/**
 * ADM2: the console's JSON API lives under `/admin/api/` (beside the shared-key admin API `/admin/v1/`), its pages at
 * `/admin` and `/admin/console/*` (served as the web app, ADM3).
 */
export const ADMIN_CONSOLE_API = '/admin/api';
export const ADMIN_CONSOLE_PAGES = { root: '/admin', prefix: '/admin/console' } as const;

export const ADMIN_CONSOLE_ROUTES = {
  login: `${ADMIN_CONSOLE_API}/login`,
  logout: `${ADMIN_CONSOLE_API}/logout`,
  me: `${ADMIN_CONSOLE_API}/me`,
  audit: `${ADMIN_CONSOLE_API}/audit`,
  users: `${ADMIN_CONSOLE_API}/users`,
  user: `${ADMIN_CONSOLE_API}/users/:userID`,
  userDisable: `${ADMIN_CONSOLE_API}/users/:userID/disable`,
  userEnable: `${ADMIN_CONSOLE_API}/users/:userID/enable`,
  userPassword: `${ADMIN_CONSOLE_API}/users/:userID/password`,
  userRevoke: `${ADMIN_CONSOLE_API}/users/:userID/revoke`,
  groups: `${ADMIN_CONSOLE_API}/groups`,
  group: `${ADMIN_CONSOLE_API}/groups/:groupID`,
  groupOwner: `${ADMIN_CONSOLE_API}/groups/:groupID/owner`,
  groupDismiss: `${ADMIN_CONSOLE_API}/groups/:groupID/dismiss`,
  groupMuteAll: `${ADMIN_CONSOLE_API}/groups/:groupID/mute-all`,
  groupMuteMember: `${ADMIN_CONSOLE_API}/groups/:groupID/members/:userID/mute`,
  words: `${ADMIN_CONSOLE_API}/words`,
  live: `${ADMIN_CONSOLE_API}/live`,
  feedback: `${ADMIN_CONSOLE_API}/feedback`,
  feedbackReply: `${ADMIN_CONSOLE_API}/feedback/:id/reply`,
} as const;

export const adminConsolePath = (template: string, params: Record<string, string>): string =>
  template.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** The console's own cookie (ADM5): HttpOnly, SameSite=Strict, path `/admin`, never the user session's. */
export const ADMIN_SESSION_COOKIE = 'parley_admin_sid';

/** ADM1: the three roles, from most to least able. */
export const ADMIN_ROLES = ['operator', 'moderator', 'readonly'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_CONSOLE_LIMITS = {
  nameChars: 32,
  passwordMinChars: 10,
  passwordMaxChars: 128,
  queryChars: 64,
  auditPage: 50,
  usersPage: 50,
  words: 5000,
  wordChars: 64,
} as const;

export const AdminNameSchema = Type.String({ pattern: '^[a-z0-9][a-z0-9._-]{0,31}$' });
export const AdminRoleSchema = Type.Union([
  Type.Literal('operator'),
  Type.Literal('moderator'),
  Type.Literal('readonly'),
]);

export const AdminLoginSchema = Type.Object(
  { name: Text({ minLength: 1, maxLength: 64 }), password: Text({ minLength: 1, maxLength: 256 }) },
  Strict,
);
export type AdminLogin = Static<typeof AdminLoginSchema>;

export const AdminMeSchema = Type.Object({ name: Type.String(), role: AdminRoleSchema });
export type AdminMe = Static<typeof AdminMeSchema>;

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.Integer(),
  actor: Type.String(),
  role: Type.String(),
  action: Type.String(),
  target: Type.String(),
  detail: Type.String(),
  address: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditQuerySchema = Type.Object(
  {
    actor: Type.Optional(Text({ maxLength: 64 })),
    action: Type.Optional(Text({ maxLength: 64 })),
    target: Type.Optional(Text({ maxLength: 128 })),
    /** Entries with a smaller id (the next page). */
    before: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
  },
  Strict,
);
export const AuditPageSchema = Type.Object({
  entries: Type.Array(AuditEntrySchema),
  next: Type.Union([Type.Integer(), Type.Null()]),
});
export type AuditPage = Static<typeof AuditPageSchema>;

export const UserQuerySchema = Type.Object({ q: Text({ minLength: 1, maxLength: 64 }) }, Strict);

export const AdminUserSummarySchema = Type.Object({
  userID: Type.String(),
  nick: Type.String(),
  mobile: Type.Union([Type.String(), Type.Null()]),
  identity: Type.Integer(),
  disabled: Type.Boolean(),
  createdAt: Type.Integer(),
});
export type AdminUserSummary = Static<typeof AdminUserSummarySchema>;
export const AdminUserListSchema = Type.Object({ users: Type.Array(AdminUserSummarySchema) });

export const AdminUserDetailSchema = Type.Object({
  user: AdminUserSummarySchema,
  /** Browser sessions (devices) by when they started and end. */
  sessions: Type.Array(Type.Object({ createdAt: Type.Integer(), expiresAt: Type.Integer() })),
  online: Type.Boolean(),
});
export type AdminUserDetail = Static<typeof AdminUserDetailSchema>;

export const AdminUserParamsSchema = Type.Object({ userID: Text({ minLength: 1, maxLength: 64 }) }, Strict);
export const AdminCreateUserSchema = Type.Object(
  {
    userID: Type.String({ pattern: '^[A-Za-z0-9_.@-]{1,32}$' }),
    password: Text({ minLength: 6, maxLength: 128 }),
    nick: Type.Optional(Text({ maxLength: 64 })),
    mobile: Type.Optional(Type.String({ pattern: '^1[0-9]{10}$' })),
  },
  Strict,
);
export type AdminCreateUser = Static<typeof AdminCreateUserSchema>;
export const AdminPasswordSchema = Type.Object({ password: Text({ minLength: 6, maxLength: 128 }) }, Strict);

export const AdminGroupParamsSchema = Type.Object({ groupID: Text({ minLength: 1, maxLength: 64 }) }, Strict);
export const AdminGroupMemberParamsSchema = Type.Object(
  { groupID: Text({ minLength: 1, maxLength: 64 }), userID: Text({ minLength: 1, maxLength: 64 }) },
  Strict,
);
export const AdminGroupSummarySchema = Type.Object({
  groupID: Type.String(),
  name: Type.String(),
  type: Type.String(),
  ownerID: Type.String(),
  memberCount: Type.Integer(),
  muteAll: Type.Boolean(),
});
export type AdminGroupSummary = Static<typeof AdminGroupSummarySchema>;
export const AdminGroupListSchema = Type.Object({ groups: Type.Array(AdminGroupSummarySchema) });
export const AdminGroupDetailSchema = Type.Object({
  group: AdminGroupSummarySchema,
  members: Type.Array(
    Type.Object({ userID: Type.String(), role: Type.String(), muteUntil: Type.Integer(), nick: Type.String() }),
  ),
});
export type AdminGroupDetail = Static<typeof AdminGroupDetailSchema>;
export const AdminOwnerSchema = Type.Object({ newOwnerID: Text({ minLength: 1, maxLength: 64 }) }, Strict);
export const AdminMuteAllSchema = Type.Object({ muteAll: Type.Boolean() }, Strict);
/** Seconds; 0 lifts the mute. */
export const AdminMuteSchema = Type.Object({ seconds: Type.Integer({ minimum: 0, maximum: 31_536_000 }) }, Strict);

export const WordListSchema = Type.Object(
  {
    words: Type.Array(Text({ minLength: 1, maxLength: ADMIN_CONSOLE_LIMITS.wordChars }), {
      maxItems: ADMIN_CONSOLE_LIMITS.words,
    }),
  },
  Strict,
);
export type WordList = Static<typeof WordListSchema>;

/** ADM35: one node's latest figures; `accepted` and `delivered` are counters since its start (the page takes rates). */
export const LiveNodeSchema = Type.Object({
  node: Type.String(),
  sockets: Type.Integer(),
  users: Type.Integer(),
  accepted: Type.Integer(),
  delivered: Type.Integer(),
  at: Type.Integer(),
});
export type LiveNode = Static<typeof LiveNodeSchema>;
export const LiveViewSchema = Type.Object({ nodes: Type.Array(LiveNodeSchema), intervalMs: Type.Integer() });
export type LiveView = Static<typeof LiveViewSchema>;
