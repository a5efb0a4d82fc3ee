/** Constants shared by server, SDK and UI. String values mirror the TIM SDK (reference §10–11). */

/** 1: push only; 2: `send`/`ack` frames on the push socket (schemas/push.ts). */
export const PROTOCOL_VERSION = 2;

/** Seed 000 §9 and 001 §9. */
export const LIMITS = {
  historyPage: 15,
  groupMemberPage: 100,
  /** Longest page of getGroupList and of the conversation list on the wire (ABU24); the SDK reads every page. */
  listPage: 100,
  readListPage: 15,
  systemMessagePage: 15,
  messageBytes: 8 * 1024,
  jsonBodyBytes: 1024 * 1024,
  /**
   * Longest path parameter, as sent (percent-encoded): the longest valid IDs fit even fully encoded (a
   * 128-character message ID of '@' and ':' is 384 characters); longer ones are 414 60014 (rule IN4).
   */
  pathParamChars: 400,
  userSigDefaultExpireSeconds: 604_800,
  individualMuteSeconds: 2_592_000,
} as const;

/**
 * Parley's preset avatars, shipped with the web app (`apps/web/public/avatars`, seed 001 §2.4). Until the
 * upload service exists they are the only avatars a profile may name (rule IN5, decision 0007).
 */
export const PRESET_AVATARS: readonly string[] = [1, 2, 3, 4, 5, 6].map((n) => `/avatars/avatar-${n}.svg`);

export const GENDER = {
  UNKNOWN: 'Gender_Type_Unknown',
  FEMALE: 'Gender_Type_Female',
  MALE: 'Gender_Type_Male',
} as const;
export type Gender = (typeof GENDER)[keyof typeof GENDER];

export const ALLOW_TYPE = {
  ALLOW_ANY: 'AllowType_Type_AllowAny',
  NEED_CONFIRM: 'AllowType_Type_NeedConfirm',
  DENY_ANY: 'AllowType_Type_DenyAny',
} as const;

export const MESSAGE_TYPE = {
  TEXT: 'TIMTextElem',
  IMAGE: 'TIMImageElem',
  AUDIO: 'TIMSoundElem',
  VIDEO: 'TIMVideoFileElem',
  FILE: 'TIMFileElem',
  FACE: 'TIMFaceElem',
  LOCATION: 'TIMLocationElem',
  CUSTOM: 'TIMCustomElem',
  MERGER: 'TIMRelayElem',
  GROUP_TIP: 'TIMGroupTipElem',
  GROUP_SYSTEM_NOTICE: 'TIMGroupSystemNoticeElem',
} as const;
export type MessageType = (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE];

export const CONVERSATION_TYPE = {
  C2C: 'C2C',
  GROUP: 'GROUP',
  SYSTEM: '@TIM#SYSTEM',
} as const;
export type ConversationType = (typeof CONVERSATION_TYPE)[keyof typeof CONVERSATION_TYPE];

export const REMIND_TYPE = {
  ACCEPT_AND_NOTIFY: 'AcceptAndNotify',
  ACCEPT_NOT_NOTIFY: 'AcceptNotNotify',
  DISCARD: 'Discard',
} as const;

/** Portal identities (seed 001 §1). */
export const IDENTITY = { JOB_SEEKER: 1, ENTERPRISE: 2 } as const;
export type Identity = (typeof IDENTITY)[keyof typeof IDENTITY];
