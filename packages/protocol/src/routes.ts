/** HTTP paths of the Parley API. The SDK and the server both read them from here. */
export const API_PREFIX = '/api/v1';

export const ROUTES = {
  health: '/healthz',
  ready: '/readyz',
  openapi: '/openapi.json',
  /** Prometheus metrics of one node, behind the admin key (MET1, decision 0042). */
  metrics: '/metrics',
  login: `${API_PREFIX}/auth/login`,
  logout: `${API_PREFIX}/auth/logout`,
  session: `${API_PREFIX}/auth/session`,
  features: `${API_PREFIX}/features`,
  myProfile: `${API_PREFIX}/profile`,
  profiles: `${API_PREFIX}/profiles/query`,
  adminAccounts: '/admin/v1/accounts',
  adminUserSig: '/admin/v1/usersig',
  adminRevokeUserSigs: '/admin/v1/usersig/revoke',
} as const;

/** Header carrying the SDK's userSig: `Authorization: Bearer <userSig>`. */
export const AUTH_SCHEME = 'Bearer';
/** Header carrying the admin key. */
export const ADMIN_KEY_HEADER = 'x-parley-admin-key';
/** Browser session cookie (opaque, HttpOnly, server-side). */
export const SESSION_COOKIE = 'parley_sid';

/** Messaging routes (GUIDE §3). `:conversationID` is `C2C<userID>` (URL-encoded). */
export const MESSAGE_ROUTES = {
  send: `${API_PREFIX}/messages`,
  conversations: `${API_PREFIX}/conversations`,
  conversation: `${API_PREFIX}/conversations/:conversationID`,
  messages: `${API_PREFIX}/conversations/:conversationID/messages`,
  findMessage: `${API_PREFIX}/conversations/:conversationID/messages/:messageID`,
  /** getMessageListHopping (SRCH41): history from a sequence or time, one direction. */
  hopping: `${API_PREFIX}/conversations/:conversationID/hopping`,
  read: `${API_PREFIX}/conversations/:conversationID/read`,
  pin: `${API_PREFIX}/conversations/:conversationID/pin`,
  /** POST clearHistoryMessage (CMP35). */
  clear: `${API_PREFIX}/conversations/:conversationID/clear`,
  remind: `${API_PREFIX}/conversations/remind`,
  unread: `${API_PREFIX}/unread`,
} as const;

export const conversationPath = (template: string, conversationID: string, messageID?: string): string =>
  template
    .replace(':conversationID', encodeURIComponent(conversationID))
    .replace(':messageID', encodeURIComponent(messageID ?? ''));
