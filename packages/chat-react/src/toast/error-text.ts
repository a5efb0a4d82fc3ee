import type { Translate } from '../i18n/translate.ts';
import type { ChatFailure } from '../provider/chat-port.ts';

/** Seed 000 §8: codes with a product text of their own; anything else shows the SDK's message. */
const KNOWN: Record<number, string> = {
  80001: 'errors.prohibited',
  80002: 'errors.tooLong',
  2800: 'errors.network',
  2801: 'errors.network',
  20003: 'errors.userNotFound',
  20007: 'contacts.errors.blockedByThem',
  10019: 'errors.userNotFound',
  10010: 'group.errors.groupNotFound',
  10017: 'group.errors.muted',
  10024: 'group.errors.handled',
  10062: 'group.read.notSupported',
  // Edited messages (decision 0046): the edit window is over (EDIT2).
  60043: 'actions.editTooLate',
  // Conversation groups (decision 0049): the reference's limits (CGRP3).
  51009: 'convGroups.errors.missing',
  51010: 'convGroups.errors.limit',
  51011: 'convGroups.errors.tooLong',
};

export function errorKey(code: number): string | null {
  return KNOWN[code] ?? null;
}

export function errorText(failure: ChatFailure, t: Translate): string {
  const key = errorKey(failure.code);
  if (key) return t(key);
  return failure.message || t('errors.network');
}
