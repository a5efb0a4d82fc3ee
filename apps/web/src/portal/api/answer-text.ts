import { PORTAL_ERROR_TEXTS } from '@parley/protocol';
import { currentLanguage } from '../../i18n/index.ts';

/**
 * What a page shows for a refused answer (POR5): the protocol's text for the code in the page's language, else the
 * server's `msg` (the catalogue's English text).
 */
export function answerText(answer: { code: number; msg: string }): string {
  return PORTAL_ERROR_TEXTS[answer.code]?.[currentLanguage()] ?? answer.msg;
}
