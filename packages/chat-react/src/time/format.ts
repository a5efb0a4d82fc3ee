/** Times as the chat shows them: relative labels and message times in the language showing. */
import type { Translate } from '../i18n/translate.ts';
import { type MessageTime, messageTime } from './message-time.ts';
import { type RelativeTime, relativeTime } from './relative-time.ts';

export function formatRelative(value: RelativeTime, t: Translate): string {
  switch (value.kind) {
    case 'justNow':
      return t('time.justNow');
    case 'date':
      return value.text;
    default:
      return t(`time.${value.kind}Ago`, { count: value.count });
  }
}

export function formatMessageTime(value: MessageTime, t: Translate): string {
  switch (value.kind) {
    case 'today':
      return value.time;
    case 'yesterday':
      return t('time.yesterday', { time: value.time });
    case 'weekday':
      return t('time.weekdayAt', { weekday: t(`time.weekday${value.weekday}`), time: value.time });
    case 'monthDay':
      return t('time.monthDay', { month: value.month, day: value.day, time: value.time });
    case 'full':
      return t('time.fullDate', { year: value.year, month: value.month, day: value.day, time: value.time });
  }
}

/** SDK times are seconds. */
export const relativeLabel = (seconds: number, nowMs: number, t: Translate) =>
  formatRelative(relativeTime(seconds * 1000, nowMs), t);
export const messageTimeLabel = (seconds: number, nowMs: number, t: Translate) =>
  formatMessageTime(messageTime(seconds * 1000, nowMs), t);
