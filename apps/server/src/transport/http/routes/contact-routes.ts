import {
  AcceptApplicationSchema,
  AddFriendResultSchema,
  AddFriendSchema,
  BlacklistChangeSchema,
  BlacklistSchema,
  CheckFriendsResultSchema,
  CheckFriendsSchema,
  CONTACT_ROUTES as R,
  CreateFriendGroupSchema,
  FriendGroupListSchema,
  FriendGroupMembersSchema,
  FriendGroupNameSchema,
  FriendGroupResultSchema,
  RenameFriendGroupSchema,
  DeleteApplicationSchema,
  DeleteFriendsResultSchema,
  DeleteFriendsSchema,
  FailureListSchema,
  FriendApplicationListSchema,
  FriendListSchema,
  FriendSchema,
  OkSchema,
  RefuseApplicationSchema,
  SelfStatusSchema,
  StatusQueryResultSchema,
  StatusQuerySchema,
  StatusSubscribeSchema,
  StatusUnsubscribeSchema,
  Strict,
  UpdateFriendSchema,
  UserID,
  UserStatusSchema,
} from '@parley/protocol';
import type { FastifySchema } from 'fastify';
import { Type } from 'typebox';
import type { Domain } from '../../../domain/context.ts';
import {
  acceptApplication,
  deleteApplication,
  getApplications,
  readApplications,
  refuseApplication,
} from '../../../domain/contacts/applications.ts';
import { addToBlacklist, getBlacklist, removeFromBlacklist } from '../../../domain/contacts/blacklist.ts';
import {
  changeFriendGroup,
  createFriendGroup,
  deleteFriendGroup,
  getFriendGroups,
  renameFriendGroup,
} from '../../../domain/contacts/friend-groups.ts';
import {
  addFriend,
  checkFriends,
  deleteFriends,
  getFriendList,
  updateFriend,
} from '../../../domain/contacts/friends.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import {
  getUserStatus,
  setSelfStatus,
  subscribeUserStatus,
  unsubscribeUserStatus,
} from '../../../domain/presence/status.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import type { RouteSchemas, SchemaHandler } from '../schema-route.ts';
import { limitUser } from '../rate-limit.ts';

const tags = ['contacts'];
const security = [{ userSig: [] }];
const FriendParam = Type.Object({ userID: UserID }, Strict);
const UserIDResult = Type.Object({ userID: Type.String() }, Strict);

/** Contacts, blocklist and presence routes (decision 0017): parse, call one action, reply (GUIDE §5.1). */
export function contactRoutes(app: App, d: Domain, limits: UserLimits): void {
  const auth = requireUser(d);
  // Status look-ups and subscriptions are counted in IDs, like profile look-ups (PRF6).
  const lookup = limitUser(
    limits,
    USER_ACTION.PROFILE_LOOKUP,
    (r) => (r.body as { userIDList?: unknown[] }).userIDList?.length ?? 1,
  );
  const route = <S extends RouteSchemas>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    summary: string,
    s: S,
    h: SchemaHandler<S>,
    counted = false,
  ) => {
    // Widened to FastifySchema: the request's type comes from the handler (SchemaRequest).
    const schema: FastifySchema = { tags, security, summary, ...s, response: { 200: s.response } };
    return app.route({ method, url, schema, preHandler: counted ? [auth, lookup] : auth, handler: h });
  };

  route('GET', R.friends, 'getFriendList', { response: FriendListSchema }, async (r) => ({
    friendList: await getFriendList(d, r.userID),
  }));
  route('POST', R.friends, 'addFriend', { body: AddFriendSchema, response: AddFriendResultSchema }, (r) =>
    addFriend(d, r.userID, r.body),
  );
  route(
    'POST',
    R.deleteFriends,
    'deleteFriend',
    { body: DeleteFriendsSchema, response: DeleteFriendsResultSchema },
    (r) => deleteFriends(d, r.userID, r.body),
  );
  route('POST', R.checkFriends, 'checkFriend', { body: CheckFriendsSchema, response: CheckFriendsResultSchema }, (r) =>
    checkFriends(d, r.userID, r.body),
  );
  route('GET', R.applications, 'getFriendApplicationList', { response: FriendApplicationListSchema }, (r) =>
    getApplications(d, r.userID),
  );
  route(
    'POST',
    R.acceptApplication,
    'acceptFriendApplication',
    { body: AcceptApplicationSchema, response: UserIDResult },
    (r) => acceptApplication(d, r.userID, r.body),
  );
  route(
    'POST',
    R.refuseApplication,
    'refuseFriendApplication',
    { body: RefuseApplicationSchema, response: UserIDResult },
    (r) => refuseApplication(d, r.userID, r.body.userID),
  );
  route(
    'POST',
    R.deleteApplication,
    'deleteFriendApplication',
    { body: DeleteApplicationSchema, response: OkSchema },
    (r) => deleteApplication(d, r.userID, r.body),
  );
  route('POST', R.readApplications, 'setFriendApplicationRead', { body: OkSchema, response: OkSchema }, (r) =>
    readApplications(d, r.userID),
  );
  route(
    'PATCH',
    R.friend,
    'updateFriend (remark)',
    { params: FriendParam, body: UpdateFriendSchema, response: FriendSchema },
    (r) => updateFriend(d, r.userID, r.params.userID, r.body.remark),
  );
  route('GET', R.friendGroups, 'getFriendGroupList', { response: FriendGroupListSchema }, async (r) => ({
    friendGroupList: await getFriendGroups(d, r.userID),
  }));
  const groupResult = { response: FriendGroupResultSchema };
  route('POST', R.friendGroups, 'createFriendGroup', { body: CreateFriendGroupSchema, ...groupResult }, (r) =>
    createFriendGroup(d, r.userID, r.body),
  );
  route('POST', R.deleteFriendGroup, 'deleteFriendGroup', { body: FriendGroupNameSchema, ...groupResult }, (r) =>
    deleteFriendGroup(d, r.userID, r.body.name),
  );
  route('POST', R.addToFriendGroup, 'addToFriendGroup', { body: FriendGroupMembersSchema, ...groupResult }, (r) =>
    changeFriendGroup(d, r.userID, r.body, true),
  );
  route(
    'POST',
    R.removeFromFriendGroup,
    'removeFromFriendGroup',
    { body: FriendGroupMembersSchema, ...groupResult },
    (r) => changeFriendGroup(d, r.userID, r.body, false),
  );
  route('POST', R.renameFriendGroup, 'renameFriendGroup', { body: RenameFriendGroupSchema, ...groupResult }, (r) =>
    renameFriendGroup(d, r.userID, r.body.oldName, r.body.newName),
  );
  route('GET', R.blacklist, 'getBlacklist', { response: BlacklistSchema }, async (r) => ({
    blacklist: await getBlacklist(d, r.userID),
  }));
  route(
    'POST',
    R.blacklist,
    'addToBlacklist',
    { body: BlacklistChangeSchema, response: BlacklistSchema },
    async (r) => ({
      blacklist: await addToBlacklist(d, r.userID, r.body.userIDList),
    }),
  );
  route(
    'POST',
    R.removeBlacklist,
    'removeFromBlacklist',
    { body: BlacklistChangeSchema, response: BlacklistSchema },
    async (r) => ({
      blacklist: await removeFromBlacklist(d, r.userID, r.body.userIDList),
    }),
  );
  route(
    'POST',
    R.statusQuery,
    'getUserStatus',
    { body: StatusQuerySchema, response: StatusQueryResultSchema },
    (r) => getUserStatus(d, r.userID, r.body.userIDList),
    true,
  );
  route(
    'POST',
    R.statusSubscribe,
    'subscribeUserStatus',
    { body: StatusSubscribeSchema, response: FailureListSchema },
    (r) => subscribeUserStatus(d, r.userID, r.body.userIDList),
    true,
  );
  route(
    'POST',
    R.statusUnsubscribe,
    'unsubscribeUserStatus',
    { body: StatusUnsubscribeSchema, response: FailureListSchema },
    (r) => unsubscribeUserStatus(d, r.userID, r.body.userIDList),
  );
  route('PUT', R.selfStatus, 'setSelfStatus', { body: SelfStatusSchema, response: UserStatusSchema }, (r) =>
    setSelfStatus(d, r.userID, r.body.customStatus),
  );
}
