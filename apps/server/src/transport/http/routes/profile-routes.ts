import { ProfileListSchema, ProfilePatchSchema, ProfileQuerySchema, ProfileSchema, ROUTES } from '@parley/protocol';
import type { Domain } from '../../../domain/context.ts';
import { getProfile, getProfiles, updateMyProfile } from '../../../domain/profiles/actions.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';

const tags = ['profiles'];
const security = [{ userSig: [] }];

export function profileRoutes(app: App, d: Domain): void {
  const auth = requireUser(d);
  app.get(
    ROUTES.myProfile,
    {
      schema: { tags, security, summary: 'My profile (getMyProfile)', response: { 200: ProfileSchema } },
      preHandler: auth,
    },
    async (request) => getProfile(d, request.userID),
  );
  app.patch(
    ROUTES.myProfile,
    {
      schema: {
        tags,
        security,
        summary: 'Update my profile (updateMyProfile)',
        body: ProfilePatchSchema,
        response: { 200: ProfileSchema },
      },
      preHandler: auth,
    },
    async (request) => updateMyProfile(d, request.userID, request.body),
  );
  app.post(
    ROUTES.profiles,
    {
      schema: {
        tags,
        security,
        summary: 'Profiles of users (getUserProfile)',
        body: ProfileQuerySchema,
        response: { 200: ProfileListSchema },
      },
      preHandler: auth,
    },
    async (request) => ({ profiles: await getProfiles(d, request.body.userIDList) }),
  );
}
