import { ProfileListSchema, ProfilePatchSchema, ProfileQuerySchema, ProfileSchema, ROUTES } from '@parley/protocol';
import type { Domain } from '../../../domain/context.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import { getProfile, getProfiles, updateMyProfile } from '../../../domain/profiles/actions.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';

const tags = ['profiles'];
const security = [{ userSig: [] }];

export function profileRoutes(app: App, d: Domain, limits: UserLimits): void {
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
      preHandler: [auth, limitUser(limits, USER_ACTION.PROFILE_EDIT)],
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
      // Counted in IDs asked for, not requests: one request may probe 100 IDs (PRF6).
      preHandler: [
        auth,
        limitUser(limits, USER_ACTION.PROFILE_LOOKUP, (r) => (r.body as { userIDList: unknown[] }).userIDList.length),
      ],
    },
    async (request) => ({ profiles: await getProfiles(d, request.body.userIDList) }),
  );
}
