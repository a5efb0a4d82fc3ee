import { describe, expect, it } from 'vitest';
import TencentCloudChat from '../src/index.ts';

const { EVENT, TYPES } = TencentCloudChat;

// Values copied from the reference (tim-sdk-api.md §10 and §11), which records the TIM 3.6.6 runtime.
const EVENT_SPOT_CHECKS: [keyof typeof EVENT, string][] = [
  ['SDK_READY', 'sdkStateReady'],
  ['SDK_NOT_READY', 'sdkStateNotReady'],
  ['SDK_DESTROY', 'sdkDestroy'],
  ['MESSAGE_RECEIVED', 'onMessageReceived'],
  ['MESSAGE_READ_RECEIPT_RECEIVED', 'onMessageReadReceiptReceived'],
  ['CONVERSATION_LIST_UPDATED', 'onConversationListUpdated'],
  ['TOTAL_UNREAD_MESSAGE_COUNT_UPDATED', 'onTotalUnreadMessageCountUpdated'],
  ['GROUP_ATTRIBUTES_UPDATED', 'groupAttributesUpdated'],
  ['PROFILE_UPDATED', 'onProfileUpdated'],
  ['BLACKLIST_UPDATED', 'blacklistUpdated'],
  ['KICKED_OUT', 'kickedOut'],
  ['ERROR', 'error'],
  ['NET_STATE_CHANGE', 'netStateChange'],
  ['PINNED_GROUP_MESSAGE_UPDATED', 'onPinnedGroupMessageUpdated'],
];

const TYPES_SPOT_CHECKS: [keyof typeof TYPES, string | number][] = [
  ['MSG_TEXT', 'TIMTextElem'],
  ['MSG_SOUND', 'TIMSoundElem'],
  ['MSG_GEO', 'TIMLocationElem'],
  ['MSG_MERGER', 'TIMRelayElem'],
  ['MSG_GRP_SYS_NOTICE', 'TIMGroupSystemNoticeElem'],
  ['CONV_SYSTEM', '@TIM#SYSTEM'],
  ['CONV_MARK_TYPE_FOLD', 4],
  ['CONV_MARK_TYPE_HIDE', 8],
  ['GRP_WORK', 'Private'],
  ['GRP_MEETING', 'ChatRoom'],
  ['JOIN_STATUS_WAIT_APPROVAL', 'WaitAdminApproval'],
  ['GRP_PROFILE_MUTE_ALL_MBRS', 'muteAllMembers'],
  ['GRP_TIP_BAN_AVCHATROOM_MEMBER', 10],
  ['RECEIVE_WITH_OFFLINE_PUSH_EXCEPT_AT', 'AcceptNotNotifyExceptAt'],
  ['GENDER_FEMALE', 'Gender_Type_Female'],
  ['FORBID_TYPE_SEND_OUT', 'AdminForbid_Type_SendOut'],
  ['KICKED_OUT_REST_API', 'REST_API_Kick'],
  ['SNS_APPLICATION_SENT_TO_ME', 'Pendency_Type_ComeIn'],
  ['SNS_TYPE_BOTH_WAY', 'CheckResult_Type_BothWay'],
  ['MSG_AT_ALL', '__kImSDK_MesssageAtALL__'],
  ['USER_STATUS_UNLOGINED', 3],
  ['IOS_OFFLINE_PUSH_NO_SOUND', 'push.no_sound'],
];

describe('EVENT and TYPES keep the TIM runtime values', () => {
  it.each(EVENT_SPOT_CHECKS)('EVENT.%s is %j', (key, value) => {
    expect(EVENT[key]).toBe(value);
  });

  it.each(TYPES_SPOT_CHECKS)('TYPES.%s is %j', (key, value) => {
    expect(TYPES[key]).toBe(value);
  });

  it('has no two events sharing a string value', () => {
    const values = Object.values(EVENT);
    expect(new Set(values).size).toBe(values.length);
  });

  it('exposes create, EVENT, TYPES and VERSION on the default export', () => {
    expect(Object.keys(TencentCloudChat).sort()).toEqual(['EVENT', 'TSignaling', 'TYPES', 'VERSION', 'create']);
    // CMP9: the reference version whose behaviour Parley matches, not Parley's own.
    expect(TencentCloudChat.VERSION).toBe('3.6.6');
  });
});
