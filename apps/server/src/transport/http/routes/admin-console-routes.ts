import {
  ADMIN_CONSOLE_LIMITS,
  ADMIN_CONSOLE_ROUTES as R,
  ADMIN_SESSION_COOKIE,
  AdminCreateUserSchema,
  AdminGroupDetailSchema,
  AdminGroupListSchema,
  AdminGroupMemberParamsSchema,
  AdminGroupParamsSchema,
  AdminLoginSchema,
  AdminMeSchema,
  AdminMuteAllSchema,
  AdminMuteSchema,
  AdminOwnerSchema,
  AdminPasswordSchema,
  AdminUserDetailSchema,
  AdminUserListSchema,
  AdminUserParamsSchema,
  AuditPageSchema,
  AuditQuerySchema,
  FeedbackIDParamSchema,
  FeedbackListQuerySchema,
  FeedbackReplySchema,
  OperatorFeedbackPageSchema,
  OperatorFeedbackSchema,
  LiveViewSchema,
  OkSchema,
  ParleyError,
  UserQuerySchema,
  WordListSchema,
} from '@parley/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type Actor,
  type Console,
  adminLogin,
  adminLogout,
  resumeAdmin,
} from '../../../domain/admin-console/console.ts';
import * as groups from '../../../domain/admin-console/groups.ts';
import { requireAbility } from '../../../domain/admin-console/roles.ts';
import * as users from '../../../domain/admin-console/users.ts';
import { answerFeedback, feedbackQueue } from '../../../domain/admin-console/feedback.ts';
import type { Live } from '../../../domain/admin-console/live.ts';
import { getWords, setWords } from '../../../domain/admin-console/words.ts';
import type { App } from '../app-type.ts';
import { originAllowed } from '../auth.ts';
import { noStore } from './auth-routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console's preHandler from the console session cookie (ADM5). */
    admin: Actor;
  }
}

const tags = ['admin-console'];
const security = [{ adminSession: [] }];
const LOGIN_REQUESTS_PER_MINUTE = 600;

/**
 * The console's own cookie (ADM5): HttpOnly, SameSite=Strict and scoped to /admin, so no other page's request
 * carries it; Secure behind https.
 */
function setCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number): void {
  void reply.setCookie(ADMIN_SESSION_COOKIE, value, {
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge,
  });
}

/**
 * Every console route (ADM7): a write must come from an allowed Origin (besides SameSite=Strict, ADM6), and a
 * console session must be behind the cookie. The role is checked by the action itself (ADM8).
 */
export function guard(c: Console, origins: readonly string[], write: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    noStore(reply);
    if (write && !originAllowed(request, origins)) throw ParleyError.of('FORBIDDEN_ORIGIN');
    const me = await resumeAdmin(c, request.cookies[ADMIN_SESSION_COOKIE]);
    if (!me) throw ParleyError.of('ADMIN_SESSION_REQUIRED');
    request.admin = { ...me, address: request.ip };
  };
}

/** A console route's guard, for console pages that live beside their feature (message reports, decision 0055). */
export type ConsoleGuard = (write: boolean) => ReturnType<typeof guard>;

export function adminConsoleRoutes(app: App, c: Console, origins: readonly string[], live: Live): void {
  const read = guard(c, origins, false);
  const write = guard(c, origins, true);

  app.post(
    R.login,
    {
      schema: { tags, summary: 'Admin console login (ADM9)', body: AdminLoginSchema, response: { 200: AdminMeSchema } },
      preHandler: async (request) => {
        if (!originAllowed(request, origins)) throw ParleyError.of('FORBIDDEN_ORIGIN');
      },
      config: { rateLimit: { max: LOGIN_REQUESTS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { sessionID, me } = await adminLogin(c, request.body, request.ip);
      setCookie(request, reply, sessionID, c.sessionSeconds);
      noStore(reply);
      return me;
    },
  );
  app.post(
    R.logout,
    { schema: { tags, security, summary: 'End the console session', response: { 200: OkSchema } }, preHandler: write },
    async (request, reply) => {
      await adminLogout(c, request.cookies[ADMIN_SESSION_COOKIE], request.admin);
      void reply.clearCookie(ADMIN_SESSION_COOKIE, { path: '/admin' });
      return {};
    },
  );
  app.get(
    R.me,
    { schema: { tags, security, summary: 'The signed-in admin', response: { 200: AdminMeSchema } }, preHandler: read },
    async (request) => ({
      name: request.admin.name,
      role: request.admin.role,
    }),
  );

  app.get(
    R.audit,
    {
      schema: {
        tags,
        security,
        summary: 'The audit log, newest first (ADM14)',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
      preHandler: read,
    },
    async (request) => {
      requireAbility(request.admin.role, 'read');
      const limit = ADMIN_CONSOLE_LIMITS.auditPage;
      const { before, ...filter } = request.query;
      const entries = await c.store.listAudit({
        ...filter,
        before: before === undefined ? undefined : Number(before),
        limit,
      });
      return { entries, next: entries.length === limit ? (entries.at(-1)?.id ?? null) : null };
    },
  );

  app.get(
    R.users,
    {
      schema: {
        tags,
        security,
        summary: 'Search users',
        querystring: UserQuerySchema,
        response: { 200: AdminUserListSchema },
      },
      preHandler: read,
    },
    async (request) => users.searchUsers(c, request.admin, request.query.q),
  );
  app.post(
    R.users,
    {
      schema: {
        tags,
        security,
        summary: 'Create a user (operator)',
        body: AdminCreateUserSchema,
        response: { 201: AdminUserDetailSchema },
      },
      preHandler: write,
    },
    async (request, reply) => reply.code(201).send(await users.createUser(c, request.admin, request.body)),
  );
  const userSchema = (summary: string) => ({
    tags,
    security,
    summary,
    params: AdminUserParamsSchema,
    response: { 200: AdminUserDetailSchema },
  });
  app.get(R.user, { schema: userSchema('A user with its sessions'), preHandler: read }, async (request) =>
    users.userDetail(c, request.admin, request.params.userID),
  );
  app.post(R.userDisable, { schema: userSchema('Disable a user (ADM20)'), preHandler: write }, async (request) =>
    users.setUserDisabled(c, request.admin, request.params.userID, true),
  );
  app.post(R.userEnable, { schema: userSchema('Enable a user'), preHandler: write }, async (request) =>
    users.setUserDisabled(c, request.admin, request.params.userID, false),
  );
  app.post(
    R.userPassword,
    { schema: { ...userSchema('Set a new password (operator)'), body: AdminPasswordSchema }, preHandler: write },
    async (request) => users.resetPassword(c, request.admin, request.params.userID, request.body.password),
  );
  app.post(R.userRevoke, { schema: userSchema('End every session of a user'), preHandler: write }, async (request) =>
    users.revokeSessions(c, request.admin, request.params.userID),
  );

  app.get(
    R.groups,
    {
      schema: {
        tags,
        security,
        summary: 'Search groups',
        querystring: UserQuerySchema,
        response: { 200: AdminGroupListSchema },
      },
      preHandler: read,
    },
    async (request) => groups.searchGroups(c, request.admin, request.query.q),
  );
  const groupSchema = (summary: string) => ({
    tags,
    security,
    summary,
    params: AdminGroupParamsSchema,
    response: { 200: AdminGroupDetailSchema },
  });
  app.get(R.group, { schema: groupSchema('A group with its members'), preHandler: read }, async (request) =>
    groups.groupDetail(c, request.admin, request.params.groupID),
  );
  app.post(
    R.groupOwner,
    { schema: { ...groupSchema('Transfer the group (operator)'), body: AdminOwnerSchema }, preHandler: write },
    async (request) => groups.transferOwner(c, request.admin, request.params.groupID, request.body.newOwnerID),
  );
  app.post(
    R.groupDismiss,
    {
      schema: {
        tags,
        security,
        summary: 'Dismiss the group',
        params: AdminGroupParamsSchema,
        response: { 200: OkSchema },
      },
      preHandler: write,
    },
    async (request) => groups.dismiss(c, request.admin, request.params.groupID),
  );
  app.post(
    R.groupMuteAll,
    { schema: { ...groupSchema('Mute or unmute every member'), body: AdminMuteAllSchema }, preHandler: write },
    async (request) => groups.muteAll(c, request.admin, request.params.groupID, request.body.muteAll),
  );
  app.post(
    R.groupMuteMember,
    {
      schema: {
        tags,
        security,
        summary: 'Mute a member for some seconds (0 lifts it)',
        params: AdminGroupMemberParamsSchema,
        body: AdminMuteSchema,
        response: { 200: AdminGroupDetailSchema },
      },
      preHandler: write,
    },
    async (request) =>
      groups.muteGroupMember(c, request.admin, request.params.groupID, request.params.userID, request.body.seconds),
  );

  app.get(
    R.words,
    {
      schema: { tags, security, summary: 'The prohibited-word list', response: { 200: WordListSchema } },
      preHandler: read,
    },
    async (request) => getWords(c, request.admin),
  );
  app.put(
    R.words,
    {
      schema: {
        tags,
        security,
        summary: 'Replace the prohibited-word list (ADM30)',
        body: WordListSchema,
        response: { 200: WordListSchema },
      },
      preHandler: write,
    },
    async (request) => setWords(c, request.admin, request.body),
  );
  app.get(
    R.live,
    {
      schema: {
        tags,
        security,
        summary: "Every node's latest live figures (ADM35)",
        response: { 200: LiveViewSchema },
      },
      preHandler: read,
    },
    async (request) => {
      requireAbility(request.admin.role, 'read');
      return live.view();
    },
  );
  app.get(
    R.feedback,
    {
      schema: {
        tags,
        security,
        summary: 'Portal feedback, newest first (ADM37)',
        querystring: FeedbackListQuerySchema,
        response: { 200: OperatorFeedbackPageSchema },
      },
      preHandler: read,
    },
    async (request) => feedbackQueue(c, request.admin, request.query),
  );
  app.put(
    R.feedbackReply,
    {
      schema: {
        tags,
        security,
        summary: 'Answer a feedback item (ADM37)',
        params: FeedbackIDParamSchema,
        body: FeedbackReplySchema,
        response: { 200: OperatorFeedbackSchema },
      },
      preHandler: write,
    },
    async (request) => answerFeedback(c, request.admin, request.params.id, request.body.reply),
  );
}
