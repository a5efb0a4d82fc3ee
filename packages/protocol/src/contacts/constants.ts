/** Relationship-chain constants (reference §11 "Friends"); the SDK's TYPES carry the same values. */
export const FRIEND_ADD_TYPE = { SINGLE: 'Add_Type_Single', BOTH: 'Add_Type_Both' } as const;
export const FRIEND_DELETE_TYPE = { SINGLE: 'Delete_Type_Single', BOTH: 'Delete_Type_Both' } as const;
export const FRIEND_APPLICATION_TYPE = {
  BOTH: 'Pendency_Type_Both',
  SENT_TO_ME: 'Pendency_Type_ComeIn',
  SENT_BY_ME: 'Pendency_Type_SendOut',
} as const;
export const FRIEND_RESPONSE = {
  AGREE: 'Response_Action_Agree',
  AGREE_AND_ADD: 'Response_Action_AgreeAndAdd',
} as const;
export const FRIEND_CHECK_TYPE = { BOTH: 'CheckResult_Type_Both', SINGLE: 'CheckResult_Type_Single' } as const;
export const FRIEND_RELATION = {
  NO_RELATION: 'CheckResult_Type_NoRelation',
  A_WITH_B: 'CheckResult_Type_AWithB',
  B_WITH_A: 'CheckResult_Type_BWithA',
  BOTH_WAY: 'CheckResult_Type_BothWay',
} as const;
/** User status values (reference §6). */
export const USER_STATUS = { UNKNOWN: 0, ONLINE: 1, OFFLINE: 2, UNLOGINED: 3 } as const;

/** The `addFriend` answer code when the target must confirm (reference §7). */
export const FRIEND_PENDING_CODE = 30539;

export const CONTACT_LIMITS = {
  /** IDs per deleteFriend / subscribe call (reference §6, §7). */
  friendBatch: 100,
  checkBatch: 1000,
  blacklistBatch: 1000,
  statusQuery: 500,
  statusSubscribe: 100,
  /** Users one user may subscribe to in total (CNT12). */
  statusSubscriptions: 200,
  friends: 3000,
  blacklist: 1000,
  wordingBytes: 256,
  remarkBytes: 96,
  customStatusBytes: 100,
  /** Friend groups one user may have (reference §7; TIM allows 32). */
  friendGroups: 32,
  /** A friend group's name, in UTF-8 bytes. */
  friendGroupNameBytes: 64,
} as const;
