/** Search routes (decision 0040): thin edges over domain/search; every body is checked by the action (27003). */
import {
  ParleyError,
  SEARCH_LIMITS,
  SEARCH_ROUTES,
  SearchBodySchema,
  SearchListResultSchema,
  SearchMessagesResultSchema,
} from '@parley/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Domain } from '../../../domain/context.ts';
import { RateLimiter } from '../../../domain/limits/rate-limiter.ts';
import { searchMessages } from '../../../domain/search/search-messages.ts';
import { searchGroupMembers, searchGroups, searchUsers } from '../../../domain/search/search-profiles.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';

const security = [{ userSig: [] }];
const tags = ['search'];

export function searchRoutes(app: App, d: Domain): void {
  // SRCH21: searches per user and node; over it, 60018 as the reference's cloud search answers, with Retry-After.
  const searches = new RateLimiter(SEARCH_LIMITS.perSecond, SEARCH_LIMITS.perSecond * 2, d.clock);
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const waitMs = searches.take(request.userID);
    if (waitMs === 0) return;
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header('retry-after', String(retryAfter));
    throw ParleyError.of('SEARCH_RATE_LIMITED', undefined, { retryAfter });
  };
  const preHandler = [requireUser(d), limited];
  const route = (summary: string, response: object) => ({
    schema: { tags, security, summary, body: SearchBodySchema, response: { 200: response } },
    preHandler,
  });
  app.post(SEARCH_ROUTES.messages, route('searchCloudMessages', SearchMessagesResultSchema), (r) =>
    searchMessages(d, r.userID, r.body),
  );
  app.post(SEARCH_ROUTES.users, route('searchCloudUsers', SearchListResultSchema), (r) => searchUsers(d, r.body));
  app.post(SEARCH_ROUTES.groups, route('searchCloudGroups', SearchListResultSchema), (r) =>
    searchGroups(d, r.userID, r.body),
  );
  app.post(SEARCH_ROUTES.groupMembers, route('searchCloudGroupMembers', SearchListResultSchema), (r) =>
    searchGroupMembers(d, r.userID, r.body),
  );
}
