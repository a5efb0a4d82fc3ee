/** Edited messages' part of the protocol (decision 0046, rules EDIT1–EDIT15). */
import { type Static, Type } from 'typebox';
import { API_PREFIX } from '../routes.ts';

export const EDIT_LIMITS = {
  /**
   * Default edit window in seconds (decision 0046): the sender may change a text's content for a day after sending.
   * The reference's service has no window; PARLEY_EDIT_WINDOW_S overrides it, 0 meaning none.
   */
  editWindowSeconds: 86_400,
} as const;

export const EDIT_ROUTES = {
  /** The earlier contents of one of my messages, oldest first (EDIT5); the sender only. */
  versions: `${API_PREFIX}/conversations/:conversationID/messages/:messageID/versions`,
} as const;

/** One earlier content of an edited message: the version it had, its payload, and the server seconds it was replaced. */
export const MessageVersionSchema = Type.Object({
  version: Type.Integer({ minimum: 0 }),
  payload: Type.Record(Type.String(), Type.Unknown()),
  /** When this content was written (the message's time for the first one), server seconds. */
  time: Type.Integer({ minimum: 0 }),
  /** When an edit replaced it, server seconds. */
  replacedTime: Type.Integer({ minimum: 0 }),
});
export type MessageVersion = Static<typeof MessageVersionSchema>;

export const MessageVersionsSchema = Type.Object({ versionList: Type.Array(MessageVersionSchema) });
export type MessageVersions = Static<typeof MessageVersionsSchema>;
