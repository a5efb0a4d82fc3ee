/**
 * Seed 000 §5, relative time of the conversation list: under 1 minute 'Just now', then minutes (to 59), hours
 * (to 23), days (to 6), weeks (to 4), else YYYY-MM-DD. Whole units, rounded down.
 */
export type RelativeTime =
  | { kind: 'justNow' }
  | { kind: 'minutes' | 'hours' | 'days' | 'weeks'; count: number }
  | { kind: 'date'; text: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function relativeTime(thenMs: number, nowMs: number): RelativeTime {
  // A clock slightly behind the server's makes fresh messages look like they come from the future.
  const diff = Math.max(0, nowMs - thenMs);
  if (diff < MINUTE) return { kind: 'justNow' };
  if (diff < HOUR) return { kind: 'minutes', count: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { kind: 'hours', count: Math.floor(diff / HOUR) };
  if (diff < WEEK) return { kind: 'days', count: Math.floor(diff / DAY) };
  const weeks = Math.floor(diff / WEEK);
  if (weeks <= 4) return { kind: 'weeks', count: weeks };
  return { kind: 'date', text: isoDate(thenMs) };
}
