import type { Translate } from '../i18n/translate.ts';
import type { NameOf } from '../names/name-store.ts';
import { callLineText, readCallRecord } from '../calls/call-format.ts';

/** The businessID of the custom message a group's creation writes (TUIKit's 'group_create', KGRP17). */
export const GROUP_CREATE = 'group_create';

function customData(payload: unknown): Record<string, unknown> | null {
  const data = (payload as { data?: unknown } | null)?.data;
  if (typeof data !== 'string' || !data.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The businessID of a custom message's data, '' when it has none. */
export const businessIDOf = (payload: unknown) => String(customData(payload)?.businessID ?? '');

/**
 * One line for a custom message in the kit's language (KGRP18): the kinds of seed 000 §3 by their businessID, never
 * the English `description` the seed's rating writes; an unknown kind by its description, else '[custom message]'.
 */
export function customSummary(payload: unknown, from: string, t: Translate, nameOf?: NameOf, selfID = ''): string {
  const data = customData(payload);
  const id = String(data?.businessID ?? '');
  if (data && id === 'evaluation') return t('message.evaluation');
  if (data && id === 'order') return `${t('message.order')}${str(data.title)}`;
  if (data && id === 'consultion') return `${t('message.consult')}${str(data.title)}`;
  if (data && id === 'text_link') return str(data.text) || t('message.custom');
  if (data && id === '1') {
    const call = readCallRecord(payload);
    return call ? `[${callLineText(call, t)}]` : t('message.call');
  }
  if (data && id === GROUP_CREATE) {
    const operator = from && from === selfID ? t('group.you') : nameOf?.(from) || str(data.opUser) || from;
    return t('group.tip.created', { operator });
  }
  const description = str((payload as { description?: unknown } | null)?.description);
  return description.trim() ? description : t('message.custom');
}
