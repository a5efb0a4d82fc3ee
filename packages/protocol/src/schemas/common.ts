import { type Static, Type } from 'typebox';

/** Objects reject unknown fields: a typo in a request is an error, not a silent no-op. */
export const Strict = { additionalProperties: false } as const;

/**
 * Rule IN1: no request string may hold U+0000. PostgreSQL text cannot store it (SQLite can), so without
 * this the same request would be 400 on one database and 500 on the other.
 */
export const NO_NUL = '^[^\\u0000]*$';

/** A request string: any text but NUL. Strings with a stricter `pattern` exclude NUL by that pattern. */
export const Text = (options: { minLength?: number; maxLength?: number; description?: string } = {}) =>
  Type.String({ ...options, pattern: NO_NUL });

/** Rule IN2: the largest integer a request may carry; fits JavaScript numbers, SQLite and PostgreSQL bigint. */
export const MAX_SAFE_INT = Number.MAX_SAFE_INTEGER;

/**
 * Rule IN3: conversation IDs are checked before any query: `C2C<userID>`, `GROUP<groupID>` or the system
 * conversation `@TIM#SYSTEM` (group system notices).
 */
export const CONVERSATION_ID_PATTERN = '^(C2C[A-Za-z0-9_.@-]{1,64}|GROUP[A-Za-z0-9_.@#-]{1,64}|@TIM#SYSTEM)$';
export const ConversationID = Type.String({ minLength: 4, maxLength: 80, pattern: CONVERSATION_ID_PATTERN });

export const UserID = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' });

export const ErrorBodySchema = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type ErrorBodyT = Static<typeof ErrorBodySchema>;

export const OkSchema = Type.Object({}, Strict);
