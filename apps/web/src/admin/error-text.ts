import { ERRORS } from '@parley/protocol';
import type { TFunction } from 'i18next';
import type { ConsoleError } from './admin-api.ts';

const KNOWN: Record<number, string> = {
  [ERRORS.WRONG_CREDENTIALS.code]: 'wrongCredentials',
  [ERRORS.LOGIN_LOCKED.code]: 'locked',
  [ERRORS.ADMIN_ROLE_FORBIDDEN.code]: 'forbidden',
  [ERRORS.ADMIN_SESSION_REQUIRED.code]: 'signedOut',
  [ERRORS.ACCOUNT_EXISTS.code]: 'exists',
  [ERRORS.ACCOUNT_NOT_FOUND.code]: 'notFound',
};

/** A refused call in the reader's language; unknown codes show the server's own text with its code. */
export function errorText(t: TFunction, err: ConsoleError): string {
  const key = KNOWN[err.code];
  return key ? t(`admin.error.${key}` as 'admin.error.network') : `${err.message} (${err.code})`;
}
