import { TSignaling } from './compat/signaling-info.ts';
import { EVENT } from './constants/events.ts';
import { TYPES } from './constants/types.ts';
import { create } from './create.ts';

/**
 * `TencentCloudChat.VERSION`: the reference SDK version whose behaviour Parley matches (decision 0014, see
 * docs/COMPATIBILITY.md). UI kits read it to pick code paths, so it names TIM's version, not Parley's.
 */
export const VERSION = '3.6.6';

/** Parley's own version of this package. */
export const PARLEY_VERSION = '0.1.0';

/** The default export mirrors `@tencentcloud/chat`: an application switches SDKs by changing its import. */
const TencentCloudChat = { create, EVENT, TYPES, TSignaling, VERSION } as const;
export default TencentCloudChat;

/**
 * Group system notice operation types (`TIMGroupSystemNoticeElem.payload.operationType`). TIM has no TYPES keys
 * for them (reference §11), so TYPES stays TIM's and Parley exports them by name.
 */
export { GROUP_NOTICE_TYPE } from '@parley/protocol';
export { GROUP_APPLICATION_HANDLED } from './group/group-feature.ts';

export type { Profile, ProfilePatch, Session } from '@parley/protocol';
export type { LoginOptions, LoginResult } from './auth/login-module.ts';
export type { StartSnapshot } from './auth/start-snapshot.ts';
export type { ChatSDK } from './chat.ts';
/** Parley extension: whether a reference method is a not-yet stub on this build (docs/COMPATIBILITY.md). */
export { isNotYet, NOT_YET_CODE } from './compat/not-yet.ts';
export type { SignalingInfo } from './compat/signaling-info.ts';
export type { Conversation, ConversationLastMessage, GroupAtInfo } from './conversation/conversation.ts';
export type {
  ConversationFilter,
  RemindTypeResult,
  SetMessageRemindTypeOptions,
} from './conversation/conversation-module.ts';
export type { Timing } from './core/timing.ts';
export type { CustomField, Group, GroupLastMessage, GroupMember, GroupSelfInfo } from './group/group.ts';
export type { GroupMethods } from './group/group-facade.ts';
export type { AddMemberResult, MemberListResult } from './group/group-member-module.ts';
export type { JoinResult } from './group/group-module.ts';
export type {
  CreateGroupOptions,
  GetGroupMemberListOptions,
  GetGroupProfileOptions,
  HandleGroupApplicationOptions,
  JoinGroupOptions,
  UpdateGroupProfileOptions,
} from './group/group-params.ts';
export type { GroupReceipt, ReadMemberListOptions, ReadMemberListResult } from './group/read-receipt-module.ts';
export type { CustomPayload, MessageOptions, TextAtPayload, TextPayload } from './message/factories.ts';
export type { Message, MessageElement, MessageFlow, MessageStatus } from './message/message.ts';
export type { GetMessageListOptions, MessageListResult, SendMessageOptions } from './message/message-module.ts';
export type { WebSocketConstructor, WebSocketLike } from './transport/ws.ts';
export type { EventName } from './constants/events.ts';
export type { KickedOutType, NetState } from './constants/types.ts';
export type { ChatEvent, EventHandler } from './core/emitter.ts';
export type { ChatError, ChatResponse } from './core/errors.ts';
export type { FetchLike } from './core/http.ts';
export type { UpdateMyProfileOptions } from './profile/profile-module.ts';
export type { CreateOptions, EventData, EventDataMap } from './types.ts';
