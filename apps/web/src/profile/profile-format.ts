/** Birthday is stored as yyyymmdd; only an 8-digit value is a date (seed 001 §5), anything else is "not set". */
export function formatBirthday(birthday: number): string | null {
  const digits = String(birthday);
  if (!/^\d{8}$/.test(digits)) return null;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}

export type GenderKey = 'male' | 'female';

/** Maps the TIM gender value to a translation key; unknown means "not set". */
export function genderKey(gender: string): GenderKey | null {
  if (gender === 'Gender_Type_Male') return 'male';
  if (gender === 'Gender_Type_Female') return 'female';
  return null;
}
