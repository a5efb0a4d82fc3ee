import { type Static, Type } from 'typebox';
import { API_PREFIX } from '../routes.ts';
import { ConversationID, Strict } from '../schemas/common.ts';

/**
 * Conversation marks kept on the server per user (decision 0043). A mark is one bit of a 64-bit set; the wire carries
 * its bit number (0..63), never the value 2^n, so no request number exceeds 2^53 − 1 (IN2) and bits 53..63 stay exact.
 */
export const MARK_LIMITS = {
  /** MARK2: conversations in one markConversation call. */
  listSize: 100,
  /** MARK3: bit numbers 0..63 (TIM's four marks are bits 0..3; custom marks are 2^n up to 2^63). */
  maxBit: 63,
} as const;

/** TIM's CONV_MARK_TYPE_* as bit numbers (reference §12.1: 1, 2, 4, 8 at runtime). */
export const MARK_BIT = { STAR: 0, UNREAD: 1, FOLD: 2, HIDE: 3 } as const;

export const MARK_ROUTES = {
  /** POST markConversation (MARK1). */
  marks: `${API_PREFIX}/conversations/marks`,
} as const;

export const MarkConversationsSchema = Type.Object(
  {
    conversationIDList: Type.Array(ConversationID, { minItems: 1, maxItems: MARK_LIMITS.listSize }),
    markBit: Type.Integer({ minimum: 0, maximum: MARK_LIMITS.maxBit }),
    enableMark: Type.Boolean(),
  },
  Strict,
);
export type MarkConversations = Static<typeof MarkConversationsSchema>;

export const MarkResultSchema = Type.Object({
  successConversationIDList: Type.Array(Type.String()),
  failureConversationIDList: Type.Array(
    Type.Object({ conversationID: Type.String(), code: Type.Integer(), message: Type.String() }),
  ),
});
export type MarkResult = Static<typeof MarkResultSchema>;

/**
 * TIM's markType (2^n, n = 0..63) to its bit number, or -1 when it is not one bit of 64. 2^n is an exact double for
 * every n, so the comparison is exact even past 2^53 (MARK3).
 */
export function markBitOf(markType: unknown): number {
  if (typeof markType !== 'number') return -1;
  for (let bit = 0; bit <= MARK_LIMITS.maxBit; bit++) if (2 ** bit === markType) return bit;
  return -1;
}

/** A conversation's `markBits` as TIM's `markList` values (2^n, exact doubles). */
export const markListOf = (bits: readonly number[] | undefined): number[] => (bits ?? []).map((bit) => 2 ** bit);
