import { API_PREFIX } from '../routes.ts';

/** Message action routes (decision 0015). `:conversationID` is as the caller sees it (`C2C<peer>`, `GROUP<id>`). */
export const ACTION_ROUTES = {
  modify: `${API_PREFIX}/conversations/:conversationID/messages/:messageID/modify`,
  revoke: `${API_PREFIX}/conversations/:conversationID/messages/:messageID/revoke`,
  /** deleteMessage: hides messages for the caller only (all of the caller's devices). */
  hide: `${API_PREFIX}/conversations/:conversationID/messages/delete`,
  /** Catch-up of changes made in place (modify, revoke, reactions, my deletes) after a change sequence. */
  changes: `${API_PREFIX}/conversations/:conversationID/changes`,
  reactions: `${API_PREFIX}/conversations/:conversationID/messages/:messageID/reactions`,
  reactionQuery: `${API_PREFIX}/conversations/:conversationID/reactions/query`,
  reactionUsers: `${API_PREFIX}/conversations/:conversationID/messages/:messageID/reactions/users`,
  receipts: `${API_PREFIX}/conversations/:conversationID/receipts`,
  receiptQuery: `${API_PREFIX}/conversations/:conversationID/receipts/query`,
  mergers: `${API_PREFIX}/mergers`,
  merger: `${API_PREFIX}/mergers/:downloadKey`,
} as const;
