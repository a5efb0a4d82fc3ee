/** Message actions (decision 0015): limits and names shared by server, SDK and kit. */
export const ACTION_LIMITS = {
  /** Default revoke window in seconds (the vendor's default, reference §3.3); PARLEY_REVOKE_WINDOW_S overrides it. */
  revokeWindowSeconds: 120,
  /** Messages in one merged record (TUIKit's multi-select stops at 30; the reference's service at 300). */
  mergerMessages: 300,
  /** Nested merged records inside one another, the outer one included. */
  mergerDepth: 10,
  /** Lines of a merger's abstract. */
  mergerAbstractLines: 10,
  /** Messages per deleteMessage / read receipt / reaction query call. */
  batchMessages: 30,
  /** Different reactions one message may carry (the reference's service allows 10). */
  reactionsPerMessage: 10,
  /** Users returned per reaction by getMessageReactions (maxUserCountPerReaction). */
  reactionUsersPerReaction: 10,
  /** Users per getAllUserListOfMessageReaction page. */
  reactionUserPage: 100,
  /** Changed messages per catch-up answer. */
  changesPage: 100,
} as const;

/**
 * A reaction ID is the application's own string (reference §3.3: 3.6.6 asks only for a non-empty string): the kit's
 * emoji keys (`[TUIEmoji_…]`), Unicode emoji, or an app's names such as `emoji_like`. Parley bounds its length and
 * refuses control characters (they are not names and would break logs and lists); it stores and returns the rest
 * exactly (rule ACT21).
 */
export const REACTION_ID_MAX_LENGTH = 100;
export const REACTION_ID_PATTERN = '^[^\\u0000-\\u001F\\u007F]+$';

const REACTION_ID = new RegExp(REACTION_ID_PATTERN, 'u');

export function isReactionID(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length > 0 && value.length <= REACTION_ID_MAX_LENGTH && REACTION_ID.test(value)
  );
}

/** The custom message a typing signal is (seed 000 §4); sent online-only, never stored. */
export const TYPING = {
  businessID: 'user_typing_status',
  /** Re-sent at most this often while typing. */
  resendMs: 4000,
  /** Sent only if the peer's last message is younger than this. */
  peerRecentMs: 30_000,
  /** The header's typing text clears after this long without a new signal. */
  clearMs: 5000,
} as const;
