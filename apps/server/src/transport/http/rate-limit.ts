import type { FastifyReply, FastifyRequest } from 'fastify';
import { type UserAction, type UserLimits, retryAfterOf } from '../../domain/limits/user-limits.ts';

/**
 * preHandler (after requireUser): counts the action against the caller's limit; over it, 429 60007 with a
 * `Retry-After` header (LIM5–LIM8). `cost` counts more than one unit per request (IDs looked up).
 */
export function limitUser<R extends FastifyRequest>(
  limits: UserLimits,
  action: UserAction,
  cost?: (request: R) => number,
) {
  return async (request: R, reply: FastifyReply): Promise<void> => {
    try {
      await limits.take(action, request.userID, cost ? cost(request) : 1);
    } catch (err) {
      const retryAfter = retryAfterOf(err);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      throw err;
    }
  };
}
