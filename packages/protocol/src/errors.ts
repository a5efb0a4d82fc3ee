/**
 * The one error catalogue (GUIDE §5.5). TIM-compatible numeric codes where the reference has one;
 * `parley: true` marks codes Parley added. HTTP mapping happens only through `httpStatus` here.
 */
export interface ErrorSpec {
  readonly code: number;
  readonly httpStatus: number;
  readonly retryable: boolean;
  readonly message: string;
  readonly parley?: true;
}

const spec = (code: number, httpStatus: number, message: string, retryable = false, parley = false): ErrorSpec =>
  parley ? { code, httpStatus, message, retryable, parley: true } : { code, httpStatus, message, retryable };

export const ERRORS = {
  // SDK-side (never sent by the server, listed so the SDK and the UI share one table)
  SDK_IS_NOT_READY: spec(2999, 0, 'SDK is not ready'),
  USER_NOT_LOGGED_IN: spec(2024, 0, 'Not logged in'),
  REPEAT_LOGIN: spec(2025, 0, 'A login is already in progress'),
  NO_IDENTIFIER: spec(2002, 0, 'userID is required'),
  NO_USERSIG: spec(2003, 0, 'userSig is required'),
  MSG_SEND_FAIL: spec(2100, 0, 'Message send failed', true),
  MSG_INSTANCE_REQUIRED: spec(2105, 0, 'The argument is not a Message created by the SDK'),
  MSG_INVALID_CONV_TYPE: spec(2106, 0, 'conversationType must be C2C or GROUP'),
  INVALID_CONV_ID: spec(2503, 0, 'Invalid conversation ID'),
  UPDATE_PROFILE_NO_KEY: spec(2722, 0, 'Nothing to update'),
  NETWORK_ERROR: spec(2800, 0, 'Network exception, please check the network settings', true),
  NETWORK_TIMEOUT: spec(2801, 0, 'Network timeout', true),
  UNCAUGHT_ERROR: spec(2903, 0, 'Internal SDK error'),
  LOGIN_FAILED: spec(3001, 0, 'Login failed'),
  KICKED_OUT_USERSIG_EXPIRED: spec(3004, 0, 'Kicked out: userSig expired'),
  LOGGED_OUT: spec(3005, 0, 'Logged out'),

  // Uploads (decision 0016): the reference's codes, sent by the server once it has read the bytes (UPL3, UPL4)
  MSG_F_IS_EMPTY: spec(2108, 400, 'The file is empty'),
  UNSUPPORTED_VOICE_FORMAT: spec(2119, 415, 'Audio format not supported'),
  MSG_I_TYPE_NOT_ALLOWED: spec(2252, 415, 'Image type not allowed (jpg, jpeg, gif, png, webp)'),
  MSG_I_TOO_LARGE: spec(2253, 413, 'The image is too large'),
  MSG_A_UPLOAD_FAIL: spec(2300, 0, 'Audio upload failed', true),
  MSG_A_TOO_LARGE: spec(2301, 413, 'The audio is too large'),
  MSG_V_UPLOAD_FAIL: spec(2350, 0, 'Video upload failed', true),
  MSG_V_TOO_LARGE: spec(2351, 413, 'The video is too large'),
  MSG_V_TYPE_NOT_ALLOWED: spec(2352, 415, 'Video format not allowed (mp4, mov, webm)'),
  MSG_F_UPLOAD_FAIL: spec(2400, 0, 'File upload failed', true),
  MSG_F_TOO_LARGE: spec(2402, 413, 'The file is too large'),
  MSG_I_TOO_MANY_PIXELS: spec(60090, 413, 'The image has too many pixels', false, true),
  /** The user's stored uploads would pass PARLEY_UPLOAD_QUOTA_MB (ABU6); deleting unsent ones frees room. */
  UPLOAD_QUOTA_EXCEEDED: spec(60091, 413, 'Your uploads would exceed your storage quota', false, true),
  /** Only an upload no message refers to may be deleted (ABU7). */
  UPLOAD_IN_USE: spec(60092, 409, 'A message refers to this file: it cannot be deleted', false, true),

  // Request shape (server)
  BAD_JSON: spec(60002, 400, 'The request body is not valid JSON'),
  INVALID_PARAMS: spec(60003, 400, 'The request parameters are invalid', false, true),
  BODY_TOO_LARGE: spec(60004, 413, 'The request body is too large', false, true),
  UNSUPPORTED_MEDIA_TYPE: spec(60005, 415, 'Unsupported content type', false, true),
  ADMIN_REQUIRED: spec(60013, 401, 'The admin key is missing or wrong', false, true),
  RATE_LIMITED: spec(60007, 429, 'Too many requests, please retry later', true),
  NOT_FOUND: spec(60008, 404, 'No such route', false, true),
  FORBIDDEN_ORIGIN: spec(60009, 403, 'The request origin is not allowed', false, true),
  URI_TOO_LONG: spec(60014, 414, 'A path parameter is too long', false, true),

  // Authentication (TIM 700xx)
  USERSIG_EXPIRED: spec(70001, 401, 'userSig expired, please log in again'),
  USERSIG_EMPTY: spec(70002, 401, 'userSig is missing'),
  USERSIG_CORRUPT: spec(70003, 401, 'userSig is corrupt or truncated'),
  USERSIG_FORGED: spec(70009, 401, 'userSig verification failed: not signed by this server'),
  USERSIG_USER_MISMATCH: spec(70013, 401, 'userID does not match the userSig'),
  LOGIN_LOCKED: spec(70050, 429, 'Too many failed logins, please retry in a minute', true),
  WRONG_CREDENTIALS: spec(70060, 401, 'Wrong account or password', false, true),
  SESSION_REQUIRED: spec(70061, 401, 'Please log in', false, true),
  /** The userSig's browser session ended or an admin revoked the user's userSigs; `data.kick` names the TIM kick type. */
  USERSIG_REVOKED: spec(70062, 401, 'The session has ended, please log in again', false, true),
  /** The admin console (decision 0053): no console session (ADM5), a role without the right (ADM8), a disabled user (ADM20). */
  ADMIN_SESSION_REQUIRED: spec(70070, 401, 'Please sign in to the admin console', false, true),
  ADMIN_ROLE_FORBIDDEN: spec(70071, 403, 'Your admin role may not do this', false, true),
  ACCOUNT_DISABLED: spec(70072, 403, 'This account is disabled', false, true),

  // Accounts and profiles
  ACCOUNT_EXISTS: spec(70410, 409, 'The account already exists', false, true),
  ACCOUNT_NOT_FOUND: spec(20003, 404, 'The user does not exist'),
  PROFILE_INVALID: spec(40001, 400, 'Invalid profile field'),

  // Messages
  INVALID_MESSAGE: spec(20001, 400, 'Invalid message: check the sender and recipient exist'),
  MESSAGE_NOT_FOUND: spec(20026, 404, 'The message does not exist'),
  PROHIBITED_CONTENT: spec(
    80001,
    422,
    'Your message may contain prohibited content, please stop sending such content.',
  ),
  MESSAGE_TOO_LONG: spec(80002, 413, 'The message you sent exceeds the maximum length (>8KB).'),
  CONV_NOT_FOUND: spec(50002, 404, 'Conversation not found'),

  // Portal API (/tapi/, rules PRT1-PRT16). Envelope errors are HTTP 4xx; the others come back in the envelope.
  PORTAL_BAD_BASE64: spec(60030, 400, 'The data field is not valid base64', false, true),
  PORTAL_UNDECRYPTABLE: spec(60031, 400, 'The data field cannot be decrypted with the portal key', false, true),
  PORTAL_NOT_JSON: spec(60032, 400, 'The decrypted data is not JSON', false, true),
  PORTAL_UNKNOWN_CALL: spec(60033, 404, 'No such portal call', false, true),
  PORTAL_NOT_FOUND: spec(60034, 404, 'The item does not exist', false, true),
  PORTAL_UNSAFE_HTML: spec(60035, 422, 'The HTML carries a script, an event handler or an unsafe link', false, true),
  PORTAL_WRONG_IDENTITY: spec(70063, 403, 'This account kind may not do this', false, true),
  PORTAL_NOT_YOURS: spec(70064, 403, 'You may only act on your own account', false, true),
  PORTAL_WEAK_PASSWORD: spec(
    70411,
    400,
    'The password must be 8-64 characters with letters and digits, and not contain the mobile number',
    false,
    true,
  ),
  PORTAL_BAD_MOBILE: spec(
    70412,
    400,
    'Enter a mainland China mobile number: 11 digits starting with 13-19',
    false,
    true,
  ),
  PORTAL_BAD_NAME: spec(70413, 400, 'The name must be 1-30 characters', false, true),
  PORTAL_ALREADY_APPLIED: spec(70414, 409, 'You have already applied', false, true),
  PORTAL_WRONG_OLD_PASSWORD: spec(70415, 400, 'The current password is wrong', false, true),
  PORTAL_ALREADY_INVITED: spec(70416, 409, 'This job seeker is already invited to this job', false, true),
  // Portal centre pages (PCP1-PCP12)
  PORTAL_BAD_ID_NUMBER: spec(
    70417,
    400,
    'Enter an 18-character resident ID number (17 digits and a check digit or X) that passes its checksum',
    false,
    true,
  ),
  PORTAL_BAD_CREDIT_CODE: spec(
    70418,
    400,
    'Enter an 18-character unified social credit code (digits and capitals without I, O, S, V, Z) that passes its checksum',
    false,
    true,
  ),
  PORTAL_ALREADY_VERIFIED: spec(70419, 409, 'The verification is already done and cannot be changed', false, true),
  PORTAL_CODE_TAKEN: spec(70420, 409, 'This credit code is certified by another account', false, true),
  PORTAL_QUOTA_EXCEEDED: spec(70421, 403, 'The service package’s limit for this is reached', false, true),
  PORTAL_RESUME_HIDDEN: spec(70422, 403, 'This job seeker does not show the resume to enterprises', false, true),

  // Groups (reference §13.2 server codes, §13.1 SDK codes the server also answers with)
  GROUP_INVALID_PARAMETER: spec(10004, 400, 'Invalid group parameter'),
  GROUP_NO_PERMISSION: spec(10007, 403, 'You have no permission for this group operation'),
  GROUP_OWNER_CANNOT_QUIT: spec(10009, 403, 'The group owner cannot quit: transfer the group or dismiss it'),
  GROUP_NOT_FOUND: spec(10010, 404, 'The group does not exist'),
  GROUP_ALREADY_MEMBER: spec(10013, 409, 'The user is already a member of the group'),
  GROUP_FULL: spec(10014, 409, 'The group is full'),
  GROUP_MUTED: spec(10017, 403, 'You have been muted by the admin'),
  GROUP_ACCOUNT_NOT_FOUND: spec(10019, 404, 'The user does not exist'),
  GROUP_ID_TAKEN: spec(10021, 409, 'The group ID is already used'),
  // The reference's per-user group limit (ABU22). 30516 is its "the user refuses everyone" (allowType DenyAny, ABU25).
  GROUP_JOIN_LIMIT: spec(10037, 403, 'You are in as many groups as a user may be'),
  GROUP_ADD_DENIED: spec(30516, 403, 'The user does not accept being added to groups'),
  GROUP_APPLICATION_HANDLED: spec(10024, 409, 'The application has already been handled'),
  GROUP_ATTRIBUTE_MISSING: spec(10050, 404, 'The group attribute does not exist'),
  GROUP_FEATURE_DISABLED: spec(10062, 403, 'The package you purchased does not support this ability.'),
  GROUP_MEMBER_NOT_FOUND: spec(2623, 404, 'The user is not in the group'),
  GROUP_CANNOT_CHANGE_OWNER_IN_AV: spec(2620, 403, 'An AVChatRoom cannot be transferred'),
  GROUP_CANNOT_CHANGE_OWNER_TO_SELF: spec(2621, 400, 'You already own the group'),
  GROUP_CANNOT_ADD_MEMBER_IN_AV: spec(2661, 403, 'Members cannot be added to an AVChatRoom'),
  GROUP_CANNOT_SET_SELF_ROLE: spec(2684, 400, 'You cannot change your own role'),
  GROUP_CANNOT_MUTE_SELF: spec(2685, 400, 'You cannot mute yourself'),

  // Message actions (decision 0015): the reference's codes (§13).
  MSG_MODIFY_CONFLICT: spec(2480, 409, 'The message was changed meanwhile: data.message is the latest'),
  MSG_MODIFY_DISABLED_IN_AV: spec(2481, 403, 'Messages of an AVChatRoom cannot be modified'),
  MSG_REVOKE_TIME_LIMIT: spec(20016, 403, 'The message is too old to recall'),
  GROUP_REVOKE_TIME_LIMIT: spec(10031, 403, 'The message is too old to recall'),
  MSG_NOT_REVOCABLE: spec(10032, 403, 'This message cannot be recalled'),
  MSG_MERGER_KEY_INVALID: spec(2451, 404, 'Invalid merged-record download key'),
  MSG_FORWARD_TYPE_INVALID: spec(2453, 400, 'This message type cannot be forwarded'),
  MSG_MODIFY_NOT_SENDER: spec(60040, 403, "Only the sender may change a message's content", false, true),
  REACTION_LIMIT: spec(60041, 409, 'This message has as many different reactions as it may carry', false, true),
  MERGER_TOO_DEEP: spec(60042, 400, 'Merged records nest too deep', false, true),
  // Edited messages (decision 0046): the sender's content edits have a window (EDIT2); earlier versions are the sender's (EDIT6)
  MSG_EDIT_TIME_LIMIT: spec(60043, 403, 'The message is too old to edit', false, true),
  MSG_VERSIONS_NOT_SENDER: spec(60044, 403, "Only the sender may see a message's earlier versions", false, true),
  // Contacts, blocklist and presence (reference §13.1, §13.2)
  NOT_MY_FRIEND: spec(2700, 404, 'The user is not your friend'),
  ALREADY_MY_FRIEND: spec(2701, 409, 'The user is already your friend'),
  CANNOT_ADD_SELF_TO_BLACKLIST: spec(2742, 400, 'You cannot block yourself'),
  FRIEND_INVALID_PARAMS: spec(30001, 400, 'Invalid friend request parameters'),
  FRIEND_ACCOUNT_NOT_FOUND: spec(30003, 404, 'The user does not exist'),
  // The reference's "friend / friend-group / pending / blocklist limits" code of the 30001–30014 range.
  FRIEND_GROUP_LIMIT: spec(30010, 409, 'You have as many friend groups as you may have (32)'),
  FRIEND_IN_MY_BLACKLIST: spec(30515, 403, 'The user is in your blocklist: remove them from it first'),
  FRIEND_PEER_DENIES_ALL: spec(30516, 403, 'The user does not accept friend requests'),
  FRIEND_IN_PEER_BLACKLIST: spec(30525, 403, 'The user has blocked you'),
  FRIEND_REQUEST_PENDING: spec(30539, 409, 'A friend request to this user is already waiting for approval'),
  FRIEND_APPLICATION_NOT_FOUND: spec(30614, 404, 'There is no such friend request'),
  NOT_A_FRIEND: spec(31704, 404, 'The user is not a friend'),
  BLOCKED_BY_RECIPIENT: spec(20007, 403, 'The recipient has blocked you'),
  STATUS_SUBSCRIPTION_LIMIT: spec(72010, 400, 'Too many status subscriptions (at most 200 users)', false, true),

  // Calls signalling (reference §13.1 8010–8020; decision 0038)
  SIGNALING_INVALID_INVITE_ID: spec(8010, 404, 'The invitation does not exist'),
  SIGNALING_NO_PERMISSION: spec(8011, 403, 'You take no part in this invitation, or may not do this with it'),
  SIGNALING_INVITE_EXISTS: spec(8012, 409, 'An invitation with this inviteID exists already'),
  SIGNALING_INVALID_CANCEL: spec(8020, 409, 'Only the inviter may cancel, and only while someone is still invited'),
  /** SIG12: the invitation was answered (on another device too), cancelled, timed out or ended; `data.state` says. */
  SIGNALING_ALREADY_HANDLED: spec(
    60050,
    409,
    'The invitation was already answered, cancelled or timed out',
    false,
    true,
  ),
  /** SIG27: a group call invites current members who are not muted (nor silenced by Mute All). */
  SIGNALING_INVITEE_MUTED: spec(60051, 403, 'Muted members cannot be invited to a group call', false, true),
  // Cloud search (decision 0040; reference §3.3): bad parameters, and the search rate limit.
  SEARCH_INVALID_PARAMS: spec(27003, 400, 'Invalid search parameters'),
  SEARCH_RATE_LIMITED: spec(60018, 429, 'Too many searches, please retry later', true),

  // Conversation groups and custom data (decision 0049; reference §13: 51008–51011)
  CONV_GROUP_TOTAL_EXCEEDED: spec(51008, 409, 'The conversation group holds as many conversations as it may (1000)'),
  CONV_GROUP_NOT_EXIST: spec(51009, 404, 'There is no such conversation group'),
  CONV_GROUP_LIMIT: spec(51010, 409, 'You have as many conversation groups as you may have (20)'),
  CONV_GROUP_NAME_TOO_LONG: spec(51011, 400, "A conversation group's name is at most 32 bytes"),

  // Server
  INTERNAL: spec(20005, 500, 'Internal server error', true),
  UNAVAILABLE: spec(60022, 503, 'The server is overloaded or shutting down, please retry', true),
} as const satisfies Record<string, ErrorSpec>;

export type ErrorName = keyof typeof ERRORS;

const byCode = new Map<number, ErrorSpec>(Object.values(ERRORS).map((e) => [e.code, e]));

export function errorByCode(code: number): ErrorSpec | undefined {
  return byCode.get(code);
}

/** The JSON body of every failed HTTP response and every error frame. */
export interface ErrorBody {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

/** An error that carries a catalogue code; thrown by the server's domain and by the SDK. */
export class ParleyError extends Error {
  readonly code: number;
  readonly data: Record<string, unknown>;
  constructor(code: number, message?: string, data: Record<string, unknown> = {}) {
    super(message ?? errorByCode(code)?.message ?? `error ${code}`);
    this.name = 'ParleyError';
    this.code = code;
    this.data = data;
  }
  static of(name: ErrorName, message?: string, data?: Record<string, unknown>): ParleyError {
    return new ParleyError(ERRORS[name].code, message ?? ERRORS[name].message, data);
  }
}
