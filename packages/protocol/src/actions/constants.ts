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
 * The reaction IDs a message may carry: the kit's emoji keys (`[TUIEmoji_…]`, shipped with the app) and the
 * plain Unicode emoji of the default reaction bar. Anything else is refused, as the reference refuses unknown IDs.
 */
export const REACTION_ID_PATTERN =
  '^(\\[TUIEmoji_[A-Za-z0-9]{1,24}\\]|[\\u{1F300}-\\u{1FAFF}\\u{2600}-\\u{27BF}\\u{FE0F}\\u{200D}\\u{1F3FB}-\\u{1F3FF}]{1,8})$';

const REACTION_ID = new RegExp(REACTION_ID_PATTERN, 'u');

export function isReactionID(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 40 && REACTION_ID.test(value);
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
