/** Personal data: download one's data and delete one's account (decision 0051, rules PDAT1–PDAT25). */
import { type Static, Type } from 'typebox';
import { Strict, Text } from '../schemas/common.ts';

export const PERSONAL_DATA_ROUTES = {
  /** POST: a short-lived download link for the caller's archive (PDAT6); at most one per window (PDAT7). */
  export: '/api/v1/account/export',
  /** GET: the archive itself (PDAT1), streamed as a tar; the token is the capability (PDAT6). */
  download: '/api/v1/account/export/:token',
  /** POST {password}: deletes the caller's account (PDAT9). */
  delete: '/api/v1/account/delete',
  /** GET: a user's archive, for an operator (x-parley-admin-key, PDAT7). */
  adminExport: '/admin/v1/accounts/:userID/export',
  /** DELETE: deletes a user's account, for an operator (x-parley-admin-key, PDAT9). */
  adminDelete: '/admin/v1/accounts/:userID',
} as const;

export const personalDataPath = (template: string, userID: string) =>
  template.replace(':userID', encodeURIComponent(userID));

/** PDAT2: what the archive says about itself, in `manifest.json`. */
export const PERSONAL_DATA_FORMAT = 'parley-personal-data';
export const PERSONAL_DATA_VERSION = 1;

/**
 * PDAT13: the profile a deleted account shows. `role` -1 marks it: TIM's role is an unsigned number an application
 * chooses, so -1 can never be an application's own value. The client shows its own words for it ('已注销用户',
 * 'Deleted user') and no avatar.
 */
export const DELETED_USER_ROLE = -1;

export const DeleteAccountSchema = Type.Object({ password: Text({ minLength: 1, maxLength: 128 }) }, Strict);
export type DeleteAccount = Static<typeof DeleteAccountSchema>;

export const AccountDeletedSchema = Type.Object({
  userID: Type.String(),
  /** Groups the user owned that went to another member (PDAT15). */
  groupsTransferred: Type.Array(Type.Object({ groupID: Type.String(), newOwnerID: Type.String() })),
  /** Groups the user owned alone, dismissed (PDAT15). */
  groupsDismissed: Type.Array(Type.String()),
  filesDeleted: Type.Integer(),
});
export type AccountDeleted = Static<typeof AccountDeletedSchema>;

export const PersonalDataUserParamSchema = Type.Object({ userID: Text({ minLength: 1, maxLength: 64 }) }, Strict);

/** PDAT6: where to download the archive, until `expiresAt` (seconds). */
export const ExportLinkSchema = Type.Object({ url: Type.String(), expiresAt: Type.Integer() });
export type ExportLink = Static<typeof ExportLinkSchema>;

export const ExportTokenParamSchema = Type.Object({ token: Text({ minLength: 1, maxLength: 400 }) }, Strict);
