import { Type } from 'typebox';
import { REMIND_TYPE } from '../constants.ts';
import { Strict, Text, UserID } from '../schemas/common.ts';
import { MessageID } from '../schemas/message.ts';
import {
  GROUP_LIMITS,
  GROUP_ROLE,
  GROUP_TYPE,
  HANDLE_ACTION,
  INVITE_OPTION,
  JOIN_OPTION,
  JOIN_STATUS,
} from './constants.ts';
import { GroupApplicationSchema, GroupMemberSchema, GroupReadReceiptSchema, GroupSchema } from './objects.ts';

/**
 * Group IDs: a creator-chosen one (1-48 of letters, digits and `_.@#-`, not starting with `@TGS#`) or a generated
 * `@TGS#…` one. Checked before any query (rule IN3).
 */
export const GroupID = Type.String({ minLength: 1, maxLength: 48, pattern: '^[A-Za-z0-9_.@#-]+$' });

export const GroupTypeSchema = Type.Union([
  Type.Literal(GROUP_TYPE.WORK),
  Type.Literal(GROUP_TYPE.PUBLIC),
  Type.Literal(GROUP_TYPE.MEETING),
  Type.Literal(GROUP_TYPE.AVCHATROOM),
]);
export const JoinOptionSchema = Type.Union([
  Type.Literal(JOIN_OPTION.FREE_ACCESS),
  Type.Literal(JOIN_OPTION.NEED_PERMISSION),
  Type.Literal(JOIN_OPTION.DISABLE_APPLY),
]);
export const InviteOptionSchema = Type.Union([
  Type.Literal(INVITE_OPTION.FREE_ACCESS),
  Type.Literal(INVITE_OPTION.NEED_PERMISSION),
  Type.Literal(INVITE_OPTION.DISABLE_INVITE),
]);

/**
 * Custom fields (`[{key, value}]`, rule GRP19): keys 1-16 of letters, digits and `_`; values bounded in characters
 * here and in UTF-8 bytes by the server; an empty value deletes the key.
 */
const CustomFields = (maxItems: number, valueBytes: number) =>
  Type.Array(
    Type.Object(
      {
        key: Type.String({ minLength: 1, maxLength: GROUP_LIMITS.customFieldKeyBytes, pattern: '^[A-Za-z0-9_]+$' }),
        value: Text({ maxLength: valueBytes }),
      },
      Strict,
    ),
    { maxItems },
  );
export const GroupCustomFieldsSchema = CustomFields(GROUP_LIMITS.groupCustomFields, GROUP_LIMITS.groupCustomValueBytes);
export const MemberCustomFieldsSchema = CustomFields(
  GROUP_LIMITS.memberCustomFields,
  GROUP_LIMITS.memberCustomValueBytes,
);

/** Roles a call may give: the owner changes only by changeGroupOwner. */
export const AssignableRoleSchema = Type.Union([Type.Literal(GROUP_ROLE.ADMIN), Type.Literal(GROUP_ROLE.MEMBER)]);

/** Strings are limited in UTF-8 bytes by the server; the schema bounds characters by the same number. */
const Name = Text({ minLength: 1, maxLength: GROUP_LIMITS.nameBytes });
const Introduction = Text({ maxLength: GROUP_LIMITS.introductionBytes });
const Notification = Text({ maxLength: GROUP_LIMITS.notificationBytes });
const Avatar = Text({ maxLength: 1024 });
const UserIDList = (maxItems: number) => Type.Array(UserID, { minItems: 1, maxItems });

export const GroupIDParamSchema = Type.Object({ groupID: GroupID }, Strict);
export const GroupMemberParamSchema = Type.Object({ groupID: GroupID, userID: UserID }, Strict);
export const GroupMessageParamSchema = Type.Object({ groupID: GroupID, messageID: MessageID }, Strict);

export const CreateGroupSchema = Type.Object(
  {
    name: Name,
    type: Type.Optional(GroupTypeSchema),
    groupID: Type.Optional(GroupID),
    introduction: Type.Optional(Introduction),
    notification: Type.Optional(Notification),
    avatar: Type.Optional(Avatar),
    maxMemberNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    joinOption: Type.Optional(JoinOptionSchema),
    memberList: Type.Optional(
      Type.Array(
        Type.Object(
          {
            userID: UserID,
            role: Type.Optional(AssignableRoleSchema),
            memberCustomField: Type.Optional(MemberCustomFieldsSchema),
          },
          Strict,
        ),
        { maxItems: GROUP_LIMITS.membersPerCall },
      ),
    ),
    groupCustomField: Type.Optional(GroupCustomFieldsSchema),
  },
  Strict,
);
export const CreateGroupResultSchema = Type.Object({
  group: GroupSchema,
  overLimitUserIDList: Type.Array(Type.String()),
});

export const GroupResultSchema = Type.Object({ group: GroupSchema });
/** `GET /groups` pages by group ID (ABU24): `cursor` is the last group ID of the previous page. */
export const GroupListQuerySchema = Type.Object(
  {
    cursor: Type.Optional(GroupID),
    count: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
  },
  Strict,
);
/** `nextCursor`: pass it as `cursor` for the next page; empty (and `isSyncCompleted` true) on the last one. */
export const GroupListSchema = Type.Object({
  groupList: Type.Array(GroupSchema),
  isSyncCompleted: Type.Boolean(),
  nextCursor: Type.Optional(Type.String()),
});
export const GroupIDResultSchema = Type.Object({ groupID: Type.String() });

/** updateGroupProfile: name and notification are applied only when non-empty and changed (seed 001 §5). */
export const UpdateGroupProfileSchema = Type.Object(
  {
    name: Type.Optional(Text({ maxLength: GROUP_LIMITS.nameBytes })),
    avatar: Type.Optional(Avatar),
    introduction: Type.Optional(Introduction),
    notification: Type.Optional(Notification),
    muteAllMembers: Type.Optional(Type.Boolean()),
    joinOption: Type.Optional(JoinOptionSchema),
    inviteOption: Type.Optional(InviteOptionSchema),
    groupCustomField: Type.Optional(GroupCustomFieldsSchema),
  },
  Strict,
);

export const JoinGroupSchema = Type.Object(
  { applyMessage: Type.Optional(Text({ maxLength: GROUP_LIMITS.applyMessageBytes })) },
  Strict,
);
export const JoinGroupResultSchema = Type.Object({
  status: Type.Union([
    Type.Literal(JOIN_STATUS.SUCCESS),
    Type.Literal(JOIN_STATUS.WAIT_APPROVAL),
    Type.Literal(JOIN_STATUS.ALREADY_IN_GROUP),
  ]),
  group: Type.Optional(GroupSchema),
});

export const ChangeOwnerSchema = Type.Object({ newOwnerID: UserID }, Strict);

export const GroupApplicationListSchema = Type.Object({ applicationList: Type.Array(GroupApplicationSchema) });
export const HandleApplicationSchema = Type.Object(
  {
    applicant: UserID,
    handleAction: Type.Union([Type.Literal(HANDLE_ACTION.AGREE), Type.Literal(HANDLE_ACTION.REJECT)]),
    handleMessage: Type.Optional(Text({ maxLength: GROUP_LIMITS.applyMessageBytes })),
  },
  Strict,
);

/** handleGroupInvitation (GRP23): the invitee's answer to its own invitation. */
export const HandleInvitationSchema = Type.Object(
  {
    handleAction: Type.Union([Type.Literal(HANDLE_ACTION.AGREE), Type.Literal(HANDLE_ACTION.REJECT)]),
    handleMessage: Type.Optional(Text({ maxLength: GROUP_LIMITS.applyMessageBytes })),
  },
  Strict,
);
/** Agree answers the group joined; Reject answers nothing more. */
export const HandleInvitationResultSchema = Type.Object({ group: Type.Optional(GroupSchema) });

export const OnlineMemberCountSchema = Type.Object({ memberCount: Type.Integer() });

/** Group attributes: ≤16 keys, key ≤32 B, value ≤4 KB, all ≤16 KB (reference §5; checked in bytes by the server). */
const AttributeMap = Type.Record(
  Type.String({ minLength: 1, maxLength: GROUP_LIMITS.attributeKeyBytes, pattern: '^[^\\u0000]*$' }),
  Text({ maxLength: GROUP_LIMITS.attributeValueBytes }),
  { maxProperties: GROUP_LIMITS.attributeKeys },
);
export const GroupAttributesSchema = Type.Object({ groupAttributes: AttributeMap }, Strict);
export const GroupAttributesResultSchema = Type.Object({
  groupAttributes: Type.Record(Type.String(), Type.String()),
});
export const DeleteAttributesSchema = Type.Object(
  {
    keyList: Type.Array(Text({ minLength: 1, maxLength: GROUP_LIMITS.attributeKeyBytes }), {
      maxItems: GROUP_LIMITS.attributeKeys,
    }),
  },
  Strict,
);
export const DeleteAttributesResultSchema = Type.Object({ keyList: Type.Array(Type.String()) });

/** getGroupMemberList: `count` 1-100 (default 15), `offset` as returned by the previous page. */
export const MemberListQuerySchema = Type.Object(
  {
    count: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
    offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
  },
  Strict,
);
/** `offset`: where the next page starts; 0 when this was the last page. */
export const MemberListSchema = Type.Object({ memberList: Type.Array(GroupMemberSchema), offset: Type.Integer() });

export const MemberProfileQuerySchema = Type.Object(
  { userIDList: UserIDList(GROUP_LIMITS.memberProfileBatch) },
  Strict,
);
export const MemberProfileListSchema = Type.Object({ memberList: Type.Array(GroupMemberSchema) });

export const AddMembersSchema = Type.Object({ userIDList: UserIDList(GROUP_LIMITS.membersPerCall) }, Strict);
export const AddMembersResultSchema = Type.Object({
  successUserIDList: Type.Array(Type.String()),
  failureUserIDList: Type.Array(Type.String()),
  existedUserIDList: Type.Array(Type.String()),
  overLimitUserIDList: Type.Array(Type.String()),
  /** Invited and waiting for their consent (inviteOption NeedPermission, GRP23); not in the reference. */
  pendingUserIDList: Type.Array(Type.String()),
  group: GroupSchema,
});

export const DeleteMembersSchema = Type.Object(
  { userIDList: UserIDList(GROUP_LIMITS.membersPerCall), reason: Type.Optional(Text({ maxLength: 300 })) },
  Strict,
);
export const DeleteMembersResultSchema = Type.Object({ group: GroupSchema, userIDList: Type.Array(Type.String()) });

/** muteTime in seconds: 0 unmutes; more than a year is refused (10004) by the server. */
export const MuteMemberSchema = Type.Object({ muteTime: Type.Integer({ minimum: 0, maximum: 4_294_967_295 }) }, Strict);
export const SetRoleSchema = Type.Object({ role: AssignableRoleSchema }, Strict);
export const SetNameCardSchema = Type.Object({ nameCard: Text({ maxLength: GROUP_LIMITS.nameCardBytes }) }, Strict);
/**
 * A custom system notice (admin API, rule GRP22): the text, and the members to tell (all of them without a list).
 */
export const CustomNoticeSchema = Type.Object(
  {
    content: Text({ minLength: 1, maxLength: GROUP_LIMITS.customNoticeBytes }),
    toMembers: Type.Optional(UserIDList(GROUP_LIMITS.membersPerCall)),
  },
  Strict,
);
export const CustomNoticeResultSchema = Type.Object({ groupID: Type.String(), userIDList: Type.Array(Type.String()) });

export const SetMemberCustomFieldSchema = Type.Object({ memberCustomField: MemberCustomFieldsSchema }, Strict);
export const MemberResultSchema = Type.Object({ group: GroupSchema, member: GroupMemberSchema });

/** setMessageRemindType for a group: my own notification setting, for members only. */
export const GroupRemindSchema = Type.Object(
  {
    messageRemindType: Type.Union([
      Type.Literal(REMIND_TYPE.ACCEPT_AND_NOTIFY),
      Type.Literal(REMIND_TYPE.ACCEPT_NOT_NOTIFY),
      Type.Literal(REMIND_TYPE.DISCARD),
    ]),
  },
  Strict,
);

/** sendMessageReadReceipt / getMessageReadReceiptList: messages of one group by ID. */
export const ReadReceiptMessagesSchema = Type.Object(
  { messageIDList: Type.Array(MessageID, { minItems: 1, maxItems: 100 }) },
  Strict,
);
export const ReadReceiptListSchema = Type.Object({ messageList: Type.Array(GroupReadReceiptSchema) });

/** getGroupMessageReadMemberList: filter 0 read, 1 unread; `cursor` from the previous page ('' = start). */
export const ReadMemberQuerySchema = Type.Object(
  {
    filter: Type.Union([Type.Literal('0'), Type.Literal('1')]),
    cursor: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_.@-]*$' })),
    count: Type.Optional(Type.String({ pattern: '^([1-9]|1[0-5])$' })),
  },
  Strict,
);
export const ReadMemberListSchema = Type.Object({
  messageID: Type.String(),
  readUserIDList: Type.Optional(Type.Array(Type.String())),
  unreadUserIDList: Type.Optional(Type.Array(Type.String())),
  cursor: Type.String(),
  isCompleted: Type.Boolean(),
});
