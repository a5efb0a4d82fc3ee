import { type Static, Type } from 'typebox';
import { API_PREFIX } from '../routes.ts';
import { Strict, Text } from '../schemas/common.ts';

/** Drafts kept on the server per user and conversation (decision 0041). */
export const DRAFT_LIMITS = {
  /** DRF2: longest draft, in characters; longer is 400 60003 (the SDK checks first). */
  textChars: 8_192,
} as const;

export const DRAFT_ROUTES = {
  /** PUT setConversationDraft; an empty `draftText` clears (DRF1). */
  draft: `${API_PREFIX}/conversations/:conversationID/draft`,
} as const;

export const SetDraftSchema = Type.Object({ draftText: Text({ maxLength: DRAFT_LIMITS.textChars }) }, Strict);
export type SetDraft = Static<typeof SetDraftSchema>;
