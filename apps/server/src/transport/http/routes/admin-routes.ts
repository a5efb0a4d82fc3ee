import { CreateAccountSchema, IssueUserSigSchema, ProfileSchema, ROUTES, UserSigSchema } from '@parley/protocol';
import { createAccount, issueUserSig } from '../../../domain/accounts/actions.ts';
import type { Domain } from '../../../domain/context.ts';
import type { App } from '../app-type.ts';
import { requireAdmin } from '../auth.ts';

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
    async (request) => issueUserSig(d, request.body.userID, request.body.expire),
  );
}
