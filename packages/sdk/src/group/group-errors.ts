import { ERRORS } from '@parley/protocol';
import { ChatError } from '../core/errors.ts';

/**
 * The SDK-side group codes of reference §13.1: checks the TIM SDK makes before calling its server. Those the
 * server also answers with come from the protocol's catalogue; the others (never sent by the server) are listed
 * here with TIM's values.
 */
export const GROUP_SDK_ERRORS = {
  ILLEGAL_GRP_TYPE: { code: 2600, message: 'Illegal group type' },
  ILLEGAL_GRP_ID: { code: 2602, message: 'Illegal group ID' },
  CANNOT_FIND_GRP: { code: 2603, message: 'The group does not exist' },
  CANNOT_CHANGE_OWNER_IN_AV: ERRORS.GROUP_CANNOT_CHANGE_OWNER_IN_AV,
  CANNOT_CHANGE_OWNER_TO_SELF: ERRORS.GROUP_CANNOT_CHANGE_OWNER_TO_SELF,
  MEMBER_NOT_IN_GRP: ERRORS.GROUP_MEMBER_NOT_FOUND,
  CANNOT_ADD_MEMBER_IN_AV: ERRORS.GROUP_CANNOT_ADD_MEMBER_IN_AV,
  INVALID_MEMBER_ROLE: { code: 2683, message: 'Invalid member role' },
  CANNOT_SET_SELF_MEMBER_ROLE: ERRORS.GROUP_CANNOT_SET_SELF_ROLE,
  CANNOT_MUTE_SELF: ERRORS.GROUP_CANNOT_MUTE_SELF,
  OPERATION_NOT_SUPPORTED_IN_AV: { code: 2687, message: 'Not supported in an AVChatRoom' },
  READ_RECEIPT_MSG_LIST_EMPTY: { code: 2114, message: 'None of the messages needs a read receipt' },
} as const satisfies Record<string, { code: number; message: string }>;

export type GroupSdkErrorName = keyof typeof GROUP_SDK_ERRORS;

export function groupError(name: GroupSdkErrorName, data: Record<string, unknown> = {}): ChatError {
  const { code, message } = GROUP_SDK_ERRORS[name];
  return new ChatError(code, message, data);
}
