import { type Static, Type } from 'typebox';
import { Strict, Text, UserID } from '../schemas/common.ts';
import { ProfileSchema } from '../schemas/profile.ts';
import {
  CONTACT_LIMITS as L,
  FRIEND_ADD_TYPE,
  FRIEND_APPLICATION_TYPE,
  FRIEND_CHECK_TYPE,
  FRIEND_DELETE_TYPE,
  FRIEND_RESPONSE,
} from './constants.ts';

const two = <A extends string, B extends string>(a: A, b: B) => Type.Union([Type.Literal(a), Type.Literal(b)]);
const ids = (max: number) => Type.Array(UserID, { minItems: 1, maxItems: max });

// Objects (reference §12.5, §12.6)

export const FriendSchema = Type.Object({
  userID: Type.String(),
  remark: Type.String(),
  groupList: Type.Array(Type.String()),
  source: Type.String(),
  wording: Type.String(),
  addTime: Type.Integer(),
  friendCustomField: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
  profile: ProfileSchema,
});
export type Friend = Static<typeof FriendSchema>;

export const FriendApplicationSchema = Type.Object({
  userID: Type.String(),
  nick: Type.String(),
  avatar: Type.String(),
  time: Type.Integer(),
  source: Type.String(),
  wording: Type.String(),
  type: two(FRIEND_APPLICATION_TYPE.SENT_TO_ME, FRIEND_APPLICATION_TYPE.SENT_BY_ME),
});
export type FriendApplication = Static<typeof FriendApplicationSchema>;

export const UserStatusSchema = Type.Object({
  userID: Type.String(),
  statusType: Type.Integer(),
  customStatus: Type.String(),
});
export type UserStatus = Static<typeof UserStatusSchema>;

const Failure = Type.Object({ userID: Type.String(), code: Type.Integer(), message: Type.String() });

// Requests and answers

export const AddFriendSchema = Type.Object(
  {
    to: UserID,
    source: Type.String({ pattern: '^AddSource_Type_[A-Za-z0-9_]{1,8}$' }),
    wording: Type.Optional(Text({ maxLength: L.wordingBytes })),
    type: Type.Optional(two(FRIEND_ADD_TYPE.BOTH, FRIEND_ADD_TYPE.SINGLE)),
    remark: Type.Optional(Text({ maxLength: L.remarkBytes })),
    groupName: Type.Optional(Text({ maxLength: 30 })),
  },
  Strict,
);
export type AddFriend = Static<typeof AddFriendSchema>;
export const AddFriendResultSchema = Type.Object(
  { userID: Type.String(), code: Type.Integer(), message: Type.String() },
  Strict,
);
export type AddFriendResult = Static<typeof AddFriendResultSchema>;

export const FriendListSchema = Type.Object({ friendList: Type.Array(FriendSchema) }, Strict);

export const DeleteFriendsSchema = Type.Object(
  { userIDList: ids(L.friendBatch), type: Type.Optional(two(FRIEND_DELETE_TYPE.BOTH, FRIEND_DELETE_TYPE.SINGLE)) },
  Strict,
);
export type DeleteFriends = Static<typeof DeleteFriendsSchema>;
export const DeleteFriendsResultSchema = Type.Object(
  {
    successUserIDList: Type.Array(Type.Object({ userID: Type.String(), code: Type.Integer() })),
    failureUserIDList: Type.Array(Failure),
  },
  Strict,
);
export type DeleteFriendsResult = Static<typeof DeleteFriendsResultSchema>;

export const CheckFriendsSchema = Type.Object(
  { userIDList: ids(L.checkBatch), type: Type.Optional(two(FRIEND_CHECK_TYPE.BOTH, FRIEND_CHECK_TYPE.SINGLE)) },
  Strict,
);
export type CheckFriends = Static<typeof CheckFriendsSchema>;
export const CheckFriendsResultSchema = Type.Object(
  {
    successUserIDList: Type.Array(
      Type.Object({ userID: Type.String(), code: Type.Integer(), relation: Type.String() }),
    ),
    failureUserIDList: Type.Array(Failure),
  },
  Strict,
);
export type CheckFriendsResult = Static<typeof CheckFriendsResultSchema>;

export const UpdateFriendSchema = Type.Object({ remark: Text({ maxLength: L.remarkBytes }) }, Strict);
export type UpdateFriend = Static<typeof UpdateFriendSchema>;

export const FriendApplicationListSchema = Type.Object(
  { friendApplicationList: Type.Array(FriendApplicationSchema), unreadCount: Type.Integer() },
  Strict,
);
export type FriendApplicationList = Static<typeof FriendApplicationListSchema>;

export const AcceptApplicationSchema = Type.Object(
  {
    userID: UserID,
    remark: Type.Optional(Text({ maxLength: L.remarkBytes })),
    type: Type.Optional(two(FRIEND_RESPONSE.AGREE, FRIEND_RESPONSE.AGREE_AND_ADD)),
  },
  Strict,
);
export type AcceptApplication = Static<typeof AcceptApplicationSchema>;
export const RefuseApplicationSchema = Type.Object({ userID: UserID }, Strict);
export const DeleteApplicationSchema = Type.Object(
  {
    userID: UserID,
    type: two(FRIEND_APPLICATION_TYPE.SENT_TO_ME, FRIEND_APPLICATION_TYPE.SENT_BY_ME),
  },
  Strict,
);
export type DeleteApplication = Static<typeof DeleteApplicationSchema>;

export const BlacklistChangeSchema = Type.Object({ userIDList: ids(L.blacklistBatch) }, Strict);
export const BlacklistSchema = Type.Object({ blacklist: Type.Array(Type.String()) }, Strict);

export const StatusQuerySchema = Type.Object({ userIDList: ids(L.statusQuery) }, Strict);
export const StatusQueryResultSchema = Type.Object(
  { successUserList: Type.Array(UserStatusSchema), failureUserList: Type.Array(Failure) },
  Strict,
);
export type StatusQueryResult = Static<typeof StatusQueryResultSchema>;
export const StatusSubscribeSchema = Type.Object({ userIDList: ids(L.statusSubscribe) }, Strict);
/** No list: every subscription ends (reference §6). */
export const StatusUnsubscribeSchema = Type.Object(
  { userIDList: Type.Optional(Type.Array(UserID, { minItems: 1, maxItems: L.statusSubscribe })) },
  Strict,
);
export const FailureListSchema = Type.Object({ failureUserList: Type.Array(Failure) }, Strict);
export type FailureList = Static<typeof FailureListSchema>;
export const SelfStatusSchema = Type.Object({ customStatus: Text({ maxLength: L.customStatusBytes }) }, Strict);

// Friend groups (reference §7, §12.6)

/** A friend group's name: not empty, at most 64 UTF-8 bytes (checked by the server), no control characters. */
const FriendGroupName = Type.String({
  minLength: 1,
  maxLength: L.friendGroupNameBytes,
  pattern: '^[^\\u0000-\\u001F\\u007F]+$',
});

export const FriendGroupSchema = Type.Object({
  name: Type.String(),
  userIDList: Type.Array(Type.String()),
  count: Type.Integer(),
});
export type FriendGroup = Static<typeof FriendGroupSchema>;
export const FriendGroupListSchema = Type.Object({ friendGroupList: Type.Array(FriendGroupSchema) });
export const CreateFriendGroupSchema = Type.Object(
  { name: FriendGroupName, userIDList: Type.Optional(Type.Array(UserID, { maxItems: L.friendBatch })) },
  Strict,
);
export type CreateFriendGroup = Static<typeof CreateFriendGroupSchema>;
export const FriendGroupNameSchema = Type.Object({ name: FriendGroupName }, Strict);
export const FriendGroupMembersSchema = Type.Object({ name: FriendGroupName, userIDList: ids(L.friendBatch) }, Strict);
export type FriendGroupMembers = Static<typeof FriendGroupMembersSchema>;
export const RenameFriendGroupSchema = Type.Object({ oldName: FriendGroupName, newName: FriendGroupName }, Strict);
/** What createFriendGroup, addToFriendGroup and removeFromFriendGroup answer (reference §7). */
export const FriendGroupResultSchema = Type.Object({
  friendGroup: FriendGroupSchema,
  failureUserIDList: Type.Array(Type.String()),
});
export type FriendGroupResult = Static<typeof FriendGroupResultSchema>;

/**
 * Contact push events, inside `{type: 'event', event}` frames. Push is a hint: a client that missed one converges
 * by reading the lists again (the SDK does at every reconnect).
 */
export type ContactPushEvent =
  /** My friend list changed (added, deleted, remark, a friend's profile is in `profile.updated`). */
  | { type: 'friend.changed' }
  /** My friend application list changed (a new request, one answered, withdrawn or read). */
  | { type: 'friend.application-changed' }
  /** My friend groups changed (made, renamed, deleted, members in or out, a member no longer a friend). */
  | { type: 'friend.groups-changed' }
  /** My blocklist changed on another device. */
  | { type: 'blacklist.changed'; blacklist: string[] }
  /** A subscribed user's status; `version` orders the changes of one user (older ones are dropped). */
  | { type: 'user.status'; status: UserStatus; version: number };
