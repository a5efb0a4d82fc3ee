import { ChatError } from '../core/errors.ts';

/** SDK-side codes of reference §13.1 the message actions check before calling the server. */
export const ACTION_SDK_ERRORS = {
  MSG_REVOKE_FAIL: { code: 2110, message: 'Recall failed: the message is not a stored one' },
  MSG_DELETE_FAIL: { code: 2111, message: 'Delete failed: the messages must be stored ones of one conversation' },
  READ_RECEIPT_MSG_LIST_EMPTY: { code: 2114, message: 'None of the messages needs a read receipt' },
  MSG_MERGER_TYPE_INVALID: { code: 2450, message: 'Not a merger message' },
  MSG_MERGER_KEY_INVALID: { code: 2451, message: 'Invalid merged-record download key' },
  MSG_FORWARD_TYPE_INVALID: { code: 2453, message: 'This message type cannot be forwarded' },
} as const satisfies Record<string, { code: number; message: string }>;

export function actionError(name: keyof typeof ACTION_SDK_ERRORS, data: Record<string, unknown> = {}): ChatError {
  const { code, message } = ACTION_SDK_ERRORS[name];
  return new ChatError(code, message, data);
}
