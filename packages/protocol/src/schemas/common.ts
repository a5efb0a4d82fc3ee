import { type Static, Type } from 'typebox';

/** Objects reject unknown fields: a typo in a request is an error, not a silent no-op. */
export const Strict = { additionalProperties: false } as const;

export const UserID = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' });

export const ErrorBodySchema = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type ErrorBodyT = Static<typeof ErrorBodySchema>;

export const OkSchema = Type.Object({}, Strict);
