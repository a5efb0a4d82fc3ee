import { PORTAL_MOBILE_PATTERN, PORTAL_NAME_MAX, PORTAL_PASSWORD, ParleyError } from '@parley/protocol';

const MOBILE = new RegExp(PORTAL_MOBILE_PATTERN);

/** PRT8: a mainland China mobile number. */
export function checkMobile(mobile: string): string {
  const m = mobile.trim();
  if (!MOBILE.test(m)) throw ParleyError.of('PORTAL_BAD_MOBILE');
  return m;
}

/** PRT9: 8-64 characters, a letter and a digit, not containing the mobile number. */
export function checkPassword(password: string, mobile: string): void {
  const strong =
    password.length >= PORTAL_PASSWORD.minLength &&
    password.length <= PORTAL_PASSWORD.maxLength &&
    /[A-Za-z]/.test(password) &&
    /[0-9]/.test(password) &&
    !(mobile !== '' && password.includes(mobile));
  if (!strong) throw ParleyError.of('PORTAL_WEAK_PASSWORD');
}

/** PRT10: 1-30 characters after trimming, no control characters. */
export function checkName(name: string): string {
  const n = name.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (n.length === 0 || [...n].length > PORTAL_NAME_MAX || /[\u0000-\u001f\u007f]/.test(n)) {
    throw ParleyError.of('PORTAL_BAD_NAME');
  }
  return n;
}
