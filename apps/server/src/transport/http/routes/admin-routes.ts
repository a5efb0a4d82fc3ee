import {
  CreateAccountSchema,
  CustomNoticeResultSchema,
  CustomNoticeSchema,
  GROUP_ROUTES,
  GroupIDParamSchema,
  IssueUserSigSchema,
  ProfileSchema,
  ROUTES,
  RevokedSchema,
  RevokeUserSigsSchema,
  UserSigSchema,
} from '@parley/protocol';
import { createAccount, issueUserSig } from '../../../domain/accounts/actions.ts';
import { revokeUserSigs } from '../../../domain/auth/session-actions.ts';
import type { Domain } from '../../../domain/context.ts';
import { sendCustomNotice } from '../../../domain/groups/notices.ts';
import type { App } from '../app-type.ts';
import { requireAdmin } from '../auth.ts';
import { noStore } from './auth-routes.ts';

const tags = ['admin'];
const security = [{ adminKey: [] }];

export function adminRoutes(app: App, d: Domain, adminKey: string | undefined): void {
  const admin = requireAdmin(adminKey);
  app.post(
    ROUTES.adminAccounts,
    {
      schema: {
        tags,
        security,
        summary: 'Create an account with its profile',
        body: CreateAccountSchema,
        response: { 201: ProfileSchema },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const profile = await createAccount(d, request.body);
      return reply.code(201).send(profile);
    },
  );
  app.post(
    ROUTES.adminUserSig,
    {
      schema: {
        tags,
        security,
        summary: 'Issue a userSig for a user',
        body: IssueUserSigSchema,
        response: { 200: UserSigSchema },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      noStore(reply);
      return issueUserSig(d, request.body.userID, request.body.expire);
    },
  );
  app.post(
    ROUTES.adminRevokeUserSigs,
    {
      schema: {
        tags,
        security,
        summary: "Revoke every userSig issued to a user so far and end the user's browser sessions",
        body: RevokeUserSigsSchema,
        response: { 200: RevokedSchema },
      },
      preHandler: admin,
    },
    async (request) => revokeUserSigs(d, request.body.userID),
  );
  app.post(
    GROUP_ROUTES.adminNotice,
    {
      schema: {
        tags,
        security,
        summary: "Send a custom system notice (operation type 255) to a group's members",
        params: GroupIDParamSchema,
        body: CustomNoticeSchema,
        response: { 200: CustomNoticeResultSchema },
      },
      preHandler: admin,
    },
    async (request) => sendCustomNotice(d, request.params.groupID, request.body),
  );
}
