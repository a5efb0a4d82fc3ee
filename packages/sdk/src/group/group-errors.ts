import { ChatError } from '../core/errors.ts';

/**
 * The SDK-side group codes of reference §13.1: checks the TIM SDK makes before calling its server. They live here
 * until the protocol's error catalogue has them (it lists the server's group codes); the values are TIM's.
 */
export const GROUP_SDK_ERRORS = {
  ILLEGAL_GRP_TYPE: { code: 2600, message: 'Illegal group type' },
  ILLEGAL_GRP_ID: { code: 2602, message: 'Illegal group ID' },
  CANNOT_FIND_GRP: { code: 2603, message: 'The group does not exist' },
  CANNOT_CHANGE_OWNER_IN_AV: { code: 2620, message: 'The owner of an AVChatRoom cannot be changed' },
  CANNOT_CHANGE_OWNER_TO_SELF: { code: 2621, message: 'You cannot transfer the group to yourself' },
  MEMBER_NOT_IN_GRP: { code: 2623, message: 'The user is not in the group' },
  CANNOT_ADD_MEMBER_IN_AV: { code: 2661, message: 'Members cannot be added to an AVChatRoom' },
  NOT_OWNER: { code: 2681, message: 'Only the group owner may do this' },
  INVALID_MEMBER_ROLE: { code: 2683, message: 'Invalid member role' },
  CANNOT_SET_SELF_MEMBER_ROLE: { code: 2684, message: 'You cannot change your own role' },
  CANNOT_MUTE_SELF: { code: 2685, message: 'You cannot mute yourself' },
  OPERATION_NOT_SUPPORTED_IN_AV: { code: 2687, message: 'Not supported in an AVChatRoom' },
  READ_RECEIPT_MSG_LIST_EMPTY: { code: 2114, message: 'None of the messages needs a read receipt' },
} as const;

export type GroupSdkErrorName = keyof typeof GROUP_SDK_ERRORS;

export function groupError(name: GroupSdkErrorName, data: Record<string, unknown> = {}): ChatError {
  const { code, message } = GROUP_SDK_ERRORS[name];
  return new ChatError(code, message, data);
}
