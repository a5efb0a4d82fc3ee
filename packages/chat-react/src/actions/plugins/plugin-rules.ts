import type { Translate } from '../../i18n/translate.ts';
import { QUICK_REPLY_COUNT } from '../settings/settings-store.ts';

/** The user's quick replies, or the defaults of the language showing. */
export function quickReplies(saved: readonly string[] | null, t: Translate): string[] {
  return saved ? [...saved] : Array.from({ length: QUICK_REPLY_COUNT }, (_, i) => t(`actions.quick.defaults.${i}`));
}

export const EVALUATION_TEXT = 'evaluation of this service';

/** The custom payload of a service rating (seed 000 §3, rule KACT20): score 1–5 as a string, never outside. */
export function evaluationPayload(score: number, comment: string) {
  const s = Math.max(1, Math.min(5, Math.round(score) || 1));
  return {
    data: JSON.stringify({ businessID: 'evaluation', version: 1, score: String(s), comment: comment.slice(0, 500) }),
    description: EVALUATION_TEXT,
    extension: EVALUATION_TEXT,
  };
}
