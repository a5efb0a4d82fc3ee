import { type Static, Type } from 'typebox';
import { Strict, Text, UserID } from './common.ts';
import { ProfilePatchSchema, ProfileSchema } from './profile.ts';

/** Password login for people: userID or mobile, plus password. */
export const LoginRequestSchema = Type.Object(
  {
    account: Text({ minLength: 1, maxLength: 64, description: 'userID or mobile number' }),
    password: Text({ minLength: 1, maxLength: 256 }),
  },
  Strict,
);
export type LoginRequest = Static<typeof LoginRequestSchema>;

/** Returned by login and by GET session: what a browser needs to start the SDK. */
export const SessionSchema = Type.Object({
  userID: Type.String(),
  userSig: Type.String(),
  expiresAt: Type.Integer({ description: 'userSig expiry, seconds since epoch' }),
  identity: Type.Integer({ description: 'portal identity: 0 none, 1 job seeker, 2 enterprise' }),
  profile: ProfileSchema,
});
export type Session = Static<typeof SessionSchema>;

/** Admin API: create an account. */
export const CreateAccountSchema = Type.Object(
  {
    userID: UserID,
    password: Type.Optional(Text({ minLength: 6, maxLength: 256 })),
    mobile: Type.Optional(Type.String({ pattern: '^[0-9+][0-9-]{4,19}$' })),
    identity: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
    profile: Type.Optional(Type.Partial(ProfilePatchSchema)),
  },
  Strict,
);
export type CreateAccount = Static<typeof CreateAccountSchema>;

/** Admin API: issue a userSig. */
export const IssueUserSigSchema = Type.Object(
  {
    userID: UserID,
    expire: Type.Optional(Type.Integer({ minimum: 1, maximum: 31_536_000, description: 'seconds' })),
  },
  Strict,
);
export type IssueUserSig = Static<typeof IssueUserSigSchema>;

export const UserSigSchema = Type.Object(
  { userID: Type.String(), userSig: Type.String(), expiresAt: Type.Integer() },
  Strict,
);
export type UserSigResult = Static<typeof UserSigSchema>;

/** Admin API: revoke every userSig issued to a user so far and end their browser sessions (rule SES5). */
export const RevokeUserSigsSchema = Type.Object({ userID: UserID }, Strict);
export type RevokeUserSigs = Static<typeof RevokeUserSigsSchema>;

export const RevokedSchema = Type.Object(
  { userID: Type.String(), generation: Type.Integer({ description: 'the user’s new userSig generation' }) },
  Strict,
);
export type Revoked = Static<typeof RevokedSchema>;
