import { ALLOW_TYPE, CONVERSATION_TYPE, GENDER, MESSAGE_TYPE, REMIND_TYPE } from '@parley/protocol';

/**
 * `TencentCloudChat.TYPES` (reference §11), runtime values including the runtime-only aliases. Values that the
 * wire also carries come from @parley/protocol so the SDK and the server cannot drift apart.
 */
export const TYPES = {
  // Message element types
  MSG_TEXT: MESSAGE_TYPE.TEXT,
  MSG_IMAGE: MESSAGE_TYPE.IMAGE,
  MSG_AUDIO: MESSAGE_TYPE.AUDIO,
  MSG_SOUND: MESSAGE_TYPE.AUDIO,
  MSG_VIDEO: MESSAGE_TYPE.VIDEO,
  MSG_FILE: MESSAGE_TYPE.FILE,
  MSG_FACE: MESSAGE_TYPE.FACE,
  MSG_LOCATION: MESSAGE_TYPE.LOCATION,
  MSG_GEO: MESSAGE_TYPE.LOCATION,
  MSG_CUSTOM: MESSAGE_TYPE.CUSTOM,
  MSG_MERGER: MESSAGE_TYPE.MERGER,
  MSG_GRP_TIP: MESSAGE_TYPE.GROUP_TIP,
  MSG_GRP_SYS_NOTICE: MESSAGE_TYPE.GROUP_SYSTEM_NOTICE,

  // Message priorities
  MSG_PRIORITY_HIGH: 'High',
  MSG_PRIORITY_NORMAL: 'Normal',
  MSG_PRIORITY_LOW: 'Low',
  MSG_PRIORITY_LOWEST: 'Lowest',

  // Conversations
  CONV_C2C: CONVERSATION_TYPE.C2C,
  CONV_GROUP: CONVERSATION_TYPE.GROUP,
  CONV_TOPIC: 'TOPIC',
  CONV_SYSTEM: CONVERSATION_TYPE.SYSTEM,
  CONV_AT_ME: 1,
  CONV_AT_ALL: 2,
  CONV_AT_ALL_AT_ME: 3,
  // Bit flags at runtime (the TIM typings wrongly say 3 and 4 for FOLD and HIDE).
  CONV_MARK_TYPE_STAR: 1,
  CONV_MARK_TYPE_UNREAD: 2,
  CONV_MARK_TYPE_FOLD: 4,
  CONV_MARK_TYPE_HIDE: 8,

  // Group types
  GRP_WORK: 'Private',
  GRP_PRIVATE: 'Private',
  GRP_PUBLIC: 'Public',
  GRP_MEETING: 'ChatRoom',
  GRP_CHATROOM: 'ChatRoom',
  GRP_AVCHATROOM: 'AVChatRoom',
  GRP_COMMUNITY: 'Community',
  GRP_ROOM: 'Room',
  GRP_LIVE: 'Live',

  // Group member roles
  GRP_MBR_ROLE_OWNER: 'Owner',
  GRP_MBR_ROLE_ADMIN: 'Admin',
  GRP_MBR_ROLE_MEMBER: 'Member',
  GRP_MBR_ROLE_CUSTOM: 'Custom',

  // Join and invite options, join status
  JOIN_OPTIONS_FREE_ACCESS: 'FreeAccess',
  JOIN_OPTIONS_NEED_PERMISSION: 'NeedPermission',
  JOIN_OPTIONS_DISABLE_APPLY: 'DisableApply',
  INVITE_OPTIONS_FREE_ACCESS: 'FreeAccess',
  INVITE_OPTIONS_NEED_PERMISSION: 'NeedPermission',
  INVITE_OPTIONS_DISABLE_INVITE: 'DisableInvite',
  JOIN_STATUS_SUCCESS: 'JoinedSuccess',
  JOIN_STATUS_ALREADY_IN_GROUP: 'AlreadyInGroup',
  JOIN_STATUS_WAIT_APPROVAL: 'WaitAdminApproval',

  // Group profile keys
  GRP_PROFILE_OWNER_ID: 'ownerID',
  GRP_PROFILE_CREATE_TIME: 'createTime',
  GRP_PROFILE_LAST_INFO_TIME: 'lastInfoTime',
  GRP_PROFILE_MEMBER_NUM: 'memberNum',
  GRP_PROFILE_MAX_MEMBER_NUM: 'maxMemberNum',
  GRP_PROFILE_JOIN_OPTION: 'joinOption',
  GRP_PROFILE_INVITE_OPTION: 'inviteOption',
  GRP_PROFILE_INTRODUCTION: 'introduction',
  GRP_PROFILE_NOTIFICATION: 'notification',
  GRP_PROFILE_MUTE_ALL_MBRS: 'muteAllMembers',

  // Group tip operation types (8 = topic profile updated is internal and has no constant)
  GRP_TIP_MBR_JOIN: 1,
  GRP_TIP_MBR_QUIT: 2,
  GRP_TIP_MBR_KICKED_OUT: 3,
  GRP_TIP_MBR_SET_ADMIN: 4,
  GRP_TIP_MBR_CANCELED_ADMIN: 5,
  GRP_TIP_GRP_PROFILE_UPDATED: 6,
  GRP_TIP_MBR_PROFILE_UPDATED: 7,
  GRP_TIP_BAN_AVCHATROOM_MEMBER: 10,
  GRP_TIP_UNBAN_AVCHATROOM_MEMBER: 11,

  // Message remind types
  MSG_REMIND_ACPT_AND_NOTE: REMIND_TYPE.ACCEPT_AND_NOTIFY,
  MSG_REMIND_ACPT_NOT_NOTE: REMIND_TYPE.ACCEPT_NOT_NOTIFY,
  MSG_REMIND_DISCARD: REMIND_TYPE.DISCARD,
  NOT_RECEIVE_OFFLINE_PUSH_EXCEPT_AT: 'AcceptNotNotifyExceptAt',
  RECEIVE_WITH_OFFLINE_PUSH_EXCEPT_AT: 'AcceptNotNotifyExceptAt',
  NOT_RECEIVE_MSG_EXCEPT_AT: 'NotReceiveMsgExceptAt',

  // Profile
  GENDER_UNKNOWN: GENDER.UNKNOWN,
  GENDER_FEMALE: GENDER.FEMALE,
  GENDER_MALE: GENDER.MALE,
  ALLOW_TYPE_ALLOW_ANY: ALLOW_TYPE.ALLOW_ANY,
  ALLOW_TYPE_NEED_CONFIRM: ALLOW_TYPE.NEED_CONFIRM,
  ALLOW_TYPE_DENY_ANY: ALLOW_TYPE.DENY_ANY,
  FORBID_TYPE_NONE: 'AdminForbid_Type_None',
  FORBID_TYPE_SEND_OUT: 'AdminForbid_Type_SendOut',

  // Kick reasons and network states
  KICKED_OUT_MULT_ACCOUNT: 'multipleAccount',
  KICKED_OUT_MULT_DEVICE: 'multipleDevice',
  KICKED_OUT_USERSIG_EXPIRED: 'userSigExpired',
  KICKED_OUT_REST_API: 'REST_API_Kick',
  NET_STATE_CONNECTED: 'connected',
  NET_STATE_CONNECTING: 'connecting',
  NET_STATE_DISCONNECTED: 'disconnected',

  // Relationship chain
  SNS_ADD_TYPE_SINGLE: 'Add_Type_Single',
  SNS_ADD_TYPE_BOTH: 'Add_Type_Both',
  SNS_DELETE_TYPE_SINGLE: 'Delete_Type_Single',
  SNS_DELETE_TYPE_BOTH: 'Delete_Type_Both',
  SNS_APPLICATION_TYPE_BOTH: 'Pendency_Type_Both',
  SNS_APPLICATION_SENT_TO_ME: 'Pendency_Type_ComeIn',
  SNS_APPLICATION_SENT_BY_ME: 'Pendency_Type_SendOut',
  SNS_APPLICATION_AGREE: 'Response_Action_Agree',
  SNS_APPLICATION_AGREE_AND_ADD: 'Response_Action_AgreeAndAdd',
  SNS_CHECK_TYPE_BOTH: 'CheckResult_Type_Both',
  SNS_CHECK_TYPE_SINGLE: 'CheckResult_Type_Single',
  SNS_TYPE_NO_RELATION: 'CheckResult_Type_NoRelation',
  SNS_TYPE_A_WITH_B: 'CheckResult_Type_AWithB',
  SNS_TYPE_B_WITH_A: 'CheckResult_Type_BWithA',
  SNS_TYPE_BOTH_WAY: 'CheckResult_Type_BothWay',

  // Misc. MSG_AT_ALL really is spelled with three s in the TIM runtime.
  MSG_AT_ALL: '__kImSDK_MesssageAtALL__',
  READ_ALL_C2C_MSG: 'readAllC2CMessage',
  READ_ALL_GROUP_MSG: 'readAllGroupMessage',
  READ_ALL_MSG: 'readAllMessage',
  USER_STATUS_UNKNOWN: 0,
  USER_STATUS_ONLINE: 1,
  USER_STATUS_OFFLINE: 2,
  USER_STATUS_UNLOGINED: 3,
  IOS_OFFLINE_PUSH_NO_SOUND: 'push.no_sound',
  IOS_OFFLINE_PUSH_DEFAULT_SOUND: 'default',
} as const;

export type NetState =
  | typeof TYPES.NET_STATE_CONNECTED
  | typeof TYPES.NET_STATE_CONNECTING
  | typeof TYPES.NET_STATE_DISCONNECTED;
export type KickedOutType =
  | typeof TYPES.KICKED_OUT_MULT_ACCOUNT
  | typeof TYPES.KICKED_OUT_MULT_DEVICE
  | typeof TYPES.KICKED_OUT_USERSIG_EXPIRED
  | typeof TYPES.KICKED_OUT_REST_API;
