/**
 * Seed 000 §5, timestamps inside a chat: shown when the gap to the previous message is at least 600 s, formatted as
 * the time today, 'yesterday', the weekday within a week, month/day this year, the full date otherwise. Calendar
 * days are counted in local time, so 00:10 today and 23:50 yesterday are one day apart.
 */
export const TIMESTAMP_GAP_SECONDS = 600;

export type MessageTime =
  | { kind: 'today'; time: string }
  | { kind: 'yesterday'; time: string }
  | { kind: 'weekday'; weekday: number; time: string }
  | { kind: 'monthDay'; month: number; day: number; time: string }
  | { kind: 'full'; year: number; month: number; day: number; time: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** Whole calendar days from `then` to `now`, immune to DST (both dates are taken at UTC midnight). */
function calendarDays(then: Date, now: Date): number {
  const a = Date.UTC(then.getFullYear(), then.getMonth(), then.getDate());
  const b = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((b - a) / 86_400_000);
}

export function messageTime(thenMs: number, nowMs: number): MessageTime {
  const then = new Date(thenMs);
  const now = new Date(nowMs);
  const time = `${pad(then.getHours())}:${pad(then.getMinutes())}`;
  const days = calendarDays(then, now);
  if (days <= 0) return { kind: 'today', time };
  if (days === 1) return { kind: 'yesterday', time };
  if (days < 7) return { kind: 'weekday', weekday: then.getDay(), time };
  const month = then.getMonth() + 1;
  const day = then.getDate();
  if (then.getFullYear() === now.getFullYear()) return { kind: 'monthDay', month, day, time };
  return { kind: 'full', year: then.getFullYear(), month, day, time };
}

/** `previous` and `current` are message times in seconds, as the SDK gives them. */
export function showsTimestamp(previous: number | undefined, current: number): boolean {
  return previous === undefined || current - previous >= TIMESTAMP_GAP_SECONDS;
}
