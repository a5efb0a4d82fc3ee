/** Group constants with the reference's values (tim-sdk-api.md §11). Shared by server, SDK and UI. */

/** Group types. Work = 'Private', Meeting = 'ChatRoom' (the reference's aliases). */
export const GROUP_TYPE = {
  WORK: 'Private',
  PUBLIC: 'Public',
  MEETING: 'ChatRoom',
  AVCHATROOM: 'AVChatRoom',
} as const;
export type GroupType = (typeof GROUP_TYPE)[keyof typeof GROUP_TYPE];
export const GROUP_TYPES: readonly GroupType[] = Object.values(GROUP_TYPE);

export const JOIN_OPTION = {
  FREE_ACCESS: 'FreeAccess',
  NEED_PERMISSION: 'NeedPermission',
  DISABLE_APPLY: 'DisableApply',
} as const;

/** Invite options (reference §11 INVITE_OPTIONS_*): who may add members to a Work group (rule GRP20). */
export const INVITE_OPTION = {
  FREE_ACCESS: 'FreeAccess',
  NEED_PERMISSION: 'NeedPermission',
  DISABLE_INVITE: 'DisableInvite',
} as const;
export type JoinOption = (typeof JOIN_OPTION)[keyof typeof JOIN_OPTION];

export const GROUP_ROLE = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MEMBER: 'Member',
} as const;
export type GroupRole = (typeof GROUP_ROLE)[keyof typeof GROUP_ROLE];

export const JOIN_STATUS = {
  SUCCESS: 'JoinedSuccess',
  ALREADY_IN_GROUP: 'AlreadyInGroup',
  WAIT_APPROVAL: 'WaitAdminApproval',
} as const;
export type JoinStatus = (typeof JOIN_STATUS)[keyof typeof JOIN_STATUS];

export const HANDLE_ACTION = { AGREE: 'Agree', REJECT: 'Reject' } as const;

/** `payload.operationType` of TIMGroupTipElem (reference §11). */
export const GROUP_TIP_TYPE = {
  MBR_JOIN: 1,
  MBR_QUIT: 2,
  MBR_KICKED_OUT: 3,
  MBR_SET_ADMIN: 4,
  MBR_CANCELED_ADMIN: 5,
  GRP_PROFILE_UPDATED: 6,
  MBR_PROFILE_UPDATED: 7,
} as const;

/** `payload.operationType` of TIMGroupSystemNoticeElem (seed 000 §4). */
export const GROUP_NOTICE_TYPE = {
  JOIN_REQUEST: 1,
  JOIN_AGREED: 2,
  JOIN_REFUSED: 3,
  KICKED: 4,
  DISMISSED: 5,
  CREATED: 6,
  INVITED: 7,
  QUIT: 8,
  SET_ADMIN: 9,
  CANCELED_ADMIN: 10,
  INVITE_REQUEST: 12,
  INVITE_AGREED: 13,
  INVITE_REFUSED: 14,
  CUSTOM: 255,
} as const;

/** `atTypeArray` values of `groupAtInfoList` (reference §11 CONV_AT_*). */
export const GROUP_AT_TYPE = { AT_ME: 1, AT_ALL: 2, AT_ALL_AT_ME: 3 } as const;

/** The `atUserList` entry that mentions everyone (sic, triple s, as the reference). */
export const MSG_AT_ALL = '__kImSDK_MesssageAtALL__';

/** The system conversation that carries group system notices. */
export const SYSTEM_CONVERSATION_ID = '@TIM#SYSTEM';

export const groupConversationID = (groupID: string) => `GROUP${groupID}`;

/** Prefix of server-generated group IDs; a creator-chosen ID may not start with it. */
export const GENERATED_GROUP_ID_PREFIX = '@TGS#';

/** Group limits (reference §5, seed 000 §9, seed 001 §9). Strings are counted in UTF-8 bytes where marked. */
export const GROUP_LIMITS = {
  nameBytes: 30,
  introductionBytes: 240,
  notificationBytes: 300,
  nameCardBytes: 50,
  applyMessageBytes: 300,
  /** Members named in one create or add call. */
  membersPerCall: 500,
  memberPage: 100,
  memberProfileBatch: 50,
  readListPage: 15,
  attributeKeys: 16,
  attributeKeyBytes: 32,
  attributeValueBytes: 4096,
  attributesTotalBytes: 16_384,
  /** Individual mute (seed 000 §9); the longest mute a call may ask for is one year. */
  muteSeconds: 2_592_000,
  maxMuteSeconds: 31_536_000,
  /** Custom fields (`groupCustomField`, `memberCustomField`): keys of letters, digits and `_`; values in bytes. */
  groupCustomFields: 10,
  memberCustomFields: 5,
  customFieldKeyBytes: 16,
  groupCustomValueBytes: 512,
  memberCustomValueBytes: 64,
  /** A custom system notice's text (`userDefinedField`, notice 255), in UTF-8 bytes. */
  customNoticeBytes: 1024,
  /** AVChatRoom history kept on the server: the newest N messages (GRP rules, PROTOCOL.md). */
  avChatRoomHistory: 100,
} as const;

/** Default and largest member count per type. */
export const GROUP_MAX_MEMBERS: Record<GroupType, number> = {
  Private: 200,
  Public: 2000,
  ChatRoom: 6000,
  AVChatRoom: 100_000,
};

/** The 'join group' default application text (seed 001 §5). */
export const DEFAULT_APPLY_MESSAGE = 'join group';
