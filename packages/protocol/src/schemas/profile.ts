import { type Static, Type } from 'typebox';
import { ALLOW_TYPE, GENDER } from '../constants.ts';
import { API_PREFIX } from '../routes.ts';
import { Strict, Text, UserID } from './common.ts';

export const GenderSchema = Type.Union([
  Type.Literal(GENDER.UNKNOWN),
  Type.Literal(GENDER.FEMALE),
  Type.Literal(GENDER.MALE),
]);

export const AllowTypeSchema = Type.Union([
  Type.Literal(ALLOW_TYPE.ALLOW_ANY),
  Type.Literal(ALLOW_TYPE.NEED_CONFIRM),
  Type.Literal(ALLOW_TYPE.DENY_ANY),
]);

/**
 * Rule IN5 (decisions 0007, 0019): an avatar is empty (none) or a same-origin path of one of these forms, never a
 * URL of another host (decision 0008: every viewer's browser would fetch it). Each entry is a regular-expression
 * source for the whole path: a preset, or an image stored by the upload service (its file route, decision 0016).
 */
export const AVATAR_PATH_PATTERNS: readonly string[] = [
  '/avatars/avatar-[1-6]\\.svg',
  `${API_PREFIX}/files/[A-Za-z0-9_-]{22}`,
];

const avatarPattern = `^(${AVATAR_PATH_PATTERNS.join('|')})?$`;
export const AvatarSchema = Type.String({ maxLength: 1024, pattern: avatarPattern });

/** The same check as AvatarSchema, for code that validates outside a schema (SDK, domain). */
export function isAllowedAvatar(avatar: string): boolean {
  return new RegExp(avatarPattern).test(avatar);
}

/** Birthday is yyyymmdd as an integer; 0 means cleared (seed 001 §3). */
export const BirthdaySchema = Type.Integer({ minimum: 0, maximum: 99991231 });

/** TIM Profile (reference §12.5), the fields Parley stores. */
export const ProfileSchema = Type.Object({
  userID: Type.String(),
  nick: Type.String(),
  avatar: Type.String(),
  gender: GenderSchema,
  selfSignature: Type.String(),
  birthday: Type.Integer(),
  allowType: AllowTypeSchema,
  location: Type.String(),
  language: Type.Integer(),
  level: Type.Integer(),
  role: Type.Integer(),
  lastUpdatedTime: Type.Integer(),
  profileCustomField: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
});
export type Profile = Static<typeof ProfileSchema>;

/** What a user may change of their own profile (updateMyProfile). */
export const ProfilePatchSchema = Type.Object(
  {
    nick: Type.Optional(Text({ maxLength: 64 })),
    avatar: Type.Optional(AvatarSchema),
    gender: Type.Optional(GenderSchema),
    selfSignature: Type.Optional(Text({ maxLength: 500 })),
    birthday: Type.Optional(BirthdaySchema),
    allowType: Type.Optional(AllowTypeSchema),
    location: Type.Optional(Text({ maxLength: 64 })),
    language: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  },
  { ...Strict, minProperties: 1 },
);
export type ProfilePatch = Static<typeof ProfilePatchSchema>;

export const ProfileQuerySchema = Type.Object(
  { userIDList: Type.Array(UserID, { minItems: 1, maxItems: 100 }) },
  Strict,
);
export type ProfileQuery = Static<typeof ProfileQuerySchema>;

export const ProfileListSchema = Type.Object({ profiles: Type.Array(ProfileSchema) }, Strict);
