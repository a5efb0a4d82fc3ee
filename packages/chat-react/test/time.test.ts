import { describe, expect, it } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import type { Translate } from '../src/i18n/translate.ts';
import { formatMessageTime, formatRelative, messageTimeLabel, relativeLabel } from '../src/time/format.ts';
import { messageTime, showsTimestamp, TIMESTAMP_GAP_SECONDS } from '../src/time/message-time.ts';
import { relativeTime } from '../src/time/relative-time.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
// Local time, so the calendar rules do not depend on the machine's zone: Wednesday 2026-06-17 15:30.
const NOW = new Date(2026, 5, 17, 15, 30, 0).getTime();

const translator = (language: 'zh' | 'en'): Translate =>
  createChatI18n(language).getFixedT(language, 'parleyChat') as unknown as Translate;

describe('relative time (seed 000 §5)', () => {
  it.each([
    [0, { kind: 'justNow' }],
    [59 * S, { kind: 'justNow' }],
    [60 * S, { kind: 'minutes', count: 1 }],
    [59 * M + 59 * S, { kind: 'minutes', count: 59 }],
    [H, { kind: 'hours', count: 1 }],
    [23 * H + 59 * M, { kind: 'hours', count: 23 }],
    [D, { kind: 'days', count: 1 }],
    [6 * D + 23 * H, { kind: 'days', count: 6 }],
    [7 * D, { kind: 'weeks', count: 1 }],
    [34 * D, { kind: 'weeks', count: 4 }],
  ])('%i ms ago is %o', (ago, expected) => {
    expect(relativeTime(NOW - ago, NOW)).toEqual(expected);
  });

  it('after 4 weeks it is the date as YYYY-MM-DD', () => {
    expect(relativeTime(NOW - 35 * D, NOW)).toEqual({ kind: 'date', text: '2026-05-13' });
    expect(relativeTime(new Date(2024, 0, 5, 9, 0).getTime(), NOW)).toEqual({ kind: 'date', text: '2024-01-05' });
  });

  it('a time slightly in the future (clock skew) is just now', () => {
    expect(relativeTime(NOW + 5 * S, NOW)).toEqual({ kind: 'justNow' });
  });

  it('reads in both languages, with the seed English verbatim', () => {
    const en = translator('en');
    const zh = translator('zh');
    expect(formatRelative({ kind: 'justNow' }, en)).toBe('Just now');
    expect(formatRelative({ kind: 'justNow' }, zh)).toBe('刚刚');
    expect(formatRelative({ kind: 'minutes', count: 1 }, en)).toBe('1 minute ago');
    expect(formatRelative({ kind: 'minutes', count: 5 }, en)).toBe('5 minutes ago');
    expect(formatRelative({ kind: 'hours', count: 3 }, zh)).toBe('3 小时前');
    expect(formatRelative({ kind: 'weeks', count: 2 }, zh)).toBe('2 周前');
    expect(relativeLabel((NOW - 35 * D) / 1000, NOW, en)).toBe('2026-05-13');
  });
});

describe('message timestamps (seed 000 §5)', () => {
  it('shows a timestamp for the first message and after a gap of at least 600 s', () => {
    expect(TIMESTAMP_GAP_SECONDS).toBe(600);
    expect(showsTimestamp(undefined, 1000)).toBe(true);
    expect(showsTimestamp(1000, 1599)).toBe(false);
    expect(showsTimestamp(1000, 1600)).toBe(true);
  });

  it('today shows the time only', () => {
    expect(messageTime(new Date(2026, 5, 17, 0, 5).getTime(), NOW)).toEqual({ kind: 'today', time: '00:05' });
  });

  it('yesterday is by calendar day, not by 24 hours', () => {
    const lateYesterday = new Date(2026, 5, 16, 23, 50).getTime();
    expect(messageTime(lateYesterday, NOW)).toEqual({ kind: 'yesterday', time: '23:50' });
    expect(messageTime(new Date(2026, 5, 16, 0, 1).getTime(), NOW).kind).toBe('yesterday');
  });

  it('within a week shows the weekday', () => {
    // 2026-06-12 is a Friday; 2026-06-11 (6 days back) a Thursday.
    expect(messageTime(new Date(2026, 5, 12, 8, 0).getTime(), NOW)).toEqual({
      kind: 'weekday',
      weekday: 5,
      time: '08:00',
    });
    expect(messageTime(new Date(2026, 5, 11, 8, 0).getTime(), NOW)).toMatchObject({ kind: 'weekday', weekday: 4 });
  });

  it('earlier this year shows month/day, other years the full date', () => {
    expect(messageTime(new Date(2026, 5, 10, 9, 3).getTime(), NOW)).toEqual({
      kind: 'monthDay',
      month: 6,
      day: 10,
      time: '09:03',
    });
    expect(messageTime(new Date(2025, 11, 31, 23, 0).getTime(), NOW)).toEqual({
      kind: 'full',
      year: 2025,
      month: 12,
      day: 31,
      time: '23:00',
    });
  });

  it('formats every kind in English and Chinese', () => {
    const en = translator('en');
    const zh = translator('zh');
    expect(formatMessageTime({ kind: 'today', time: '09:05' }, en)).toBe('09:05');
    expect(formatMessageTime({ kind: 'yesterday', time: '09:05' }, en)).toBe('yesterday 09:05');
    expect(formatMessageTime({ kind: 'yesterday', time: '09:05' }, zh)).toBe('昨天 09:05');
    expect(formatMessageTime({ kind: 'weekday', weekday: 1, time: '09:05' }, en)).toBe('Monday 09:05');
    expect(formatMessageTime({ kind: 'weekday', weekday: 0, time: '09:05' }, zh)).toBe('星期日 09:05');
    expect(formatMessageTime({ kind: 'monthDay', month: 3, day: 8, time: '09:05' }, en)).toBe('3/8 09:05');
    expect(formatMessageTime({ kind: 'monthDay', month: 3, day: 8, time: '09:05' }, zh)).toBe('3月8日 09:05');
    expect(formatMessageTime({ kind: 'full', year: 2024, month: 3, day: 8, time: '09:05' }, en)).toBe('2024/3/8 09:05');
    expect(formatMessageTime({ kind: 'full', year: 2024, month: 3, day: 8, time: '09:05' }, zh)).toBe(
      '2024年3月8日 09:05',
    );
    expect(messageTimeLabel(new Date(2026, 5, 17, 7, 45).getTime() / 1000, NOW, en)).toBe('07:45');
  });
});
