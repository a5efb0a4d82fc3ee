import { GroupIDParamSchema, OkSchema, PIN_ROUTES, PinGroupMessageSchema, PinnedListSchema } from '@parley/protocol';
import type { Domain } from '../../../domain/context.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import { pinGroupMessage, pinnedMessages } from '../../../domain/pins/actions.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';

const tags = ['groups'];
const security = [{ userSig: [] }];

/** Pinned group messages (decision 0041): parse, call one action, reply. A pin is a group write (its rate). */
export function pinRoutes(app: App, d: Domain, limits: UserLimits): void {
  const auth = requireUser(d);
  app.get(
    PIN_ROUTES.pinned,
    {
      schema: {
        tags,
        security,
        summary: 'Pinned messages of a group (getPinnedGroupMessageList)',
        params: GroupIDParamSchema,
        response: { 200: PinnedListSchema },
      },
      preHandler: auth,
    },
    (request) => pinnedMessages(d, request.userID, request.params.groupID),
  );
  app.post(
    PIN_ROUTES.pinned,
    {
      schema: {
        tags,
        security,
        summary: 'Pin or unpin a group message (pinGroupMessage)',
        params: GroupIDParamSchema,
        body: PinGroupMessageSchema,
        response: { 200: OkSchema },
      },
      preHandler: [auth, limitUser(limits, USER_ACTION.GROUP_WRITE)],
    },
    async (request) => {
      const { messageID, isPinned } = request.body;
      await pinGroupMessage(d, request.userID, request.params.groupID, messageID, isPinned);
      return {};
    },
  );
}
