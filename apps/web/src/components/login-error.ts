import type { useTranslation } from 'react-i18next';
import { PORTAL_ERROR, PortalError } from '../session/index.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/** Known failures get a translated text; anything else shows the server's own message. */
export function errorText(err: unknown, t: Translate): string {
  if (!(err instanceof PortalError)) return t('errors.generic');
  switch (err.code) {
    case PORTAL_ERROR.WRONG_CREDENTIALS:
      return t('errors.wrongCredentials');
    // Both 429s (the login throttle and the per-address request limit) in the page's language (THR6).
    case PORTAL_ERROR.LOCKED:
      return t('errors.locked');
    case PORTAL_ERROR.RATE_LIMITED:
      return t('errors.rateLimited');
    case PORTAL_ERROR.NETWORK:
      return t('errors.network');
    case PORTAL_ERROR.TIMEOUT:
      return t('errors.timeout');
    default:
      return err.message || t('errors.generic');
  }
}
