import { EDIT_ROUTES, MessageActionParamSchema, MessageVersionsSchema } from '@parley/protocol';
import type { Domain } from '../../../domain/context.ts';
import { messageVersions } from '../../../domain/edits/actions.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';

/** Edited messages (decision 0046): the sender's list of a message's earlier contents (EDIT5, EDIT6). A read. */
export function editRoutes(app: App, d: Domain): void {
  app.get(
    EDIT_ROUTES.versions,
    {
      schema: {
        tags: ['message actions'],
        security: [{ userSig: [] }],
        summary: "A message's earlier contents, for its sender (Parley: getMessageEditHistory)",
        params: MessageActionParamSchema,
        response: { 200: MessageVersionsSchema },
      },
      preHandler: requireUser(d),
    },
    async (r) => ({ versionList: await messageVersions(d, r.userID, r.params.conversationID, r.params.messageID) }),
  );
}
