/** Seed 000 §9: the unread badge caps at 99+. Nothing is shown for zero. */
export const BADGE_CAP = 99;

export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}
