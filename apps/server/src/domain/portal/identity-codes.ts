/**
 * The two national codes the centre pages take (PCP4, PCP7): the resident ID number (GB 11643-1999) and the unified
 * social credit code (GB 32100-2015). Checked locally: format, check character and, for the ID, the birth date.
 * No registry is asked (nothing may call out to a third-party host), so "valid" means "well-formed" (decision 0018).
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK = '10X98765432';
/** First two digits: the province-level codes in use (11 Beijing … 65 Xinjiang, 71 Taiwan, 81 HK, 82 Macao). */
const ID_PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82,
]);

/** The check character of the first 17 digits (ISO 7064 MOD 11-2). */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK[sum % 11] ?? '';
}

/** The ID number upper-cased, or undefined when its shape, province, birth date or check character is wrong. */
export function normalizeIdNumber(raw: string, now: Date): string | undefined {
  const id = raw.trim().toUpperCase();
  if (!/^[0-9]{17}[0-9X]$/.test(id)) return undefined;
  if (!ID_PROVINCES.has(Number(id.slice(0, 2)))) return undefined;
  const [y, m, d] = [Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14))];
  const birth = new Date(Date.UTC(y, m - 1, d));
  const real = birth.getUTCFullYear() === y && birth.getUTCMonth() === m - 1 && birth.getUTCDate() === d;
  if (!real || y < 1900 || birth.getTime() > now.getTime()) return undefined;
  return idCheckChar(id.slice(0, 17)) === id[17] ? id : undefined;
}

/** The credit code's alphabet: digits and capitals without I, O, S, V, Z; a character's value is its index. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** The check character of the first 17 characters (GB 32100-2015, MOD 31). */
export function creditCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += USCC_CHARS.indexOf(first17[i] ?? '') * (USCC_WEIGHTS[i] ?? 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31] ?? '';
}

/**
 * The credit code upper-cased, or undefined. Position 1 is the registering authority (1-9, A, N, Y), position 2
 * the kind of organisation (1-9), positions 3-8 a region code (digits), 18 the check character.
 */
export function normalizeCreditCode(raw: string): string | undefined {
  const code = raw.trim().toUpperCase();
  if (!/^[1-9ANY][1-9][0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return undefined;
  return creditCheckChar(code.slice(0, 17)) === code[17] ? code : undefined;
}

/** 1101********1234: what a page shows of an ID number. */
export const maskIdNumber = (id: string) => `${id.slice(0, 3)}${'*'.repeat(11)}${id.slice(14)}`;

/** 张** for a hidden name: the surname and one star per further character. */
export const maskName = (name: string) => {
  const chars = [...name];
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
};
