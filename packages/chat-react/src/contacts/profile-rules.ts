/** Display and edit rules of the profile view and edit (seed 001 §2.3, §2.4, §5), apart from React for tests. */

/** A nickname shows as a dash when empty (seed 001 §2.3). */
export function nickText(nick: string | undefined): string {
  return nick?.trim() ? nick : '-';
}

/** 'not set' (translated by the caller) is shown for an empty signature, gender or birthday. */
export function isUnset(value: string | number | undefined): boolean {
  return value === undefined || value === '' || value === 0 || value === 'Gender_Type_Unknown';
}

/**
 * A birthday shows as a date only when it has 8 digits (yyyymmdd); otherwise it shows empty (seed 001 §5).
 * Returns [year, month, day] or null.
 */
export function birthdayParts(birthday: number | undefined): [number, number, number] | null {
  const text = String(birthday ?? '');
  if (!/^\d{8}$/.test(text)) return null;
  return [Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8))];
}

/** The date picker's value (yyyy-mm-dd) as the profile's yyyymmdd number; an empty picker clears it (0). */
export function birthdayFromInput(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? Number(`${m[1]}${m[2]}${m[3]}`) : 0;
}

/** The picker's value for a stored birthday ('' when it is not 8 digits). */
export function birthdayToInput(birthday: number | undefined): string {
  const parts = birthdayParts(birthday);
  if (!parts) return '';
  const [y, m, d] = parts;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Seed 001 §5 hint (not enforced): Chinese characters, letters, digits and underscore, 2–20 characters. */
export function nickFollowsHint(nick: string): boolean {
  return /^[\p{Script=Han}A-Za-z0-9_]{2,20}$/u.test(nick);
}

/** The mobile sheets' kinds (seed 001 §2.4). */
export type SheetKind = 'avatar' | 'nick' | 'gender' | 'selfSignature' | 'birthday';

/** The sheet's confirm button is disabled while its value is empty (seed 001 §2.4, §5). */
export function sheetConfirmEnabled(kind: SheetKind, value: string | number | undefined): boolean {
  if (value === undefined) return false;
  if (kind === 'birthday') return typeof value === 'number' ? value !== 0 : value.trim() !== '';
  return String(value).trim() !== '';
}
