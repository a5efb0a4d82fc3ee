/** Texts of calls: durations and the line a call record shows (seed 000 §4, KCALL17). */
import type { Translate } from '../i18n/translate.ts';

/** Seconds as HH:MM:SS (seed 000 §4: "duration shown as HH:MM:SS"); hours keep counting past 99. */
export function hhmmss(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

export interface CallRecordView {
  readonly actionType: number;
  readonly kind: 'audio' | 'video';
  /** Seconds of an accepted call, on its final record; null otherwise. */
  readonly callEnd: number | null;
  readonly busy: boolean;
  readonly groupID: string;
  readonly inviter: string;
}

const record = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function json(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string' || !text.startsWith('{')) return null;
  try {
    return record(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Reads a signalling record (custom message, businessID 1): `call_type` and `call_end` at its top level or inside
 * its `data` (where TUICallKit writes them); a busy reject says `line_busy`. Null for any other message.
 */
export function readCallRecord(payload: unknown): CallRecordView | null {
  const outer = json(record(payload)?.data);
  if (!outer || outer.businessID !== 1 || typeof outer.actionType !== 'number') return null;
  const inner = json(outer.data) ?? {};
  const pick = (name: string) => outer[name] ?? inner[name];
  const end = pick('call_end');
  return {
    actionType: outer.actionType,
    kind: pick('call_type') === 2 ? 'video' : 'audio',
    callEnd: typeof end === 'number' && Number.isFinite(end) && end >= 0 ? end : null,
    busy: pick('line_busy') !== undefined || String(outer.data ?? '').includes('line_busy'),
    groupID: typeof outer.groupID === 'string' ? outer.groupID : '',
    inviter: typeof outer.inviter === 'string' ? outer.inviter : '',
  };
}

/** The line: "Video call 00:01:05", "Voice call", or how it ended (cancelled, declined, no answer, busy). */
export function callLineText(view: CallRecordView, t: Translate): string {
  const kind = t(view.kind === 'video' ? 'calls.lineVideo' : 'calls.lineVoice');
  switch (view.actionType) {
    case 1:
      return view.callEnd === null ? kind : `${kind} ${hhmmss(view.callEnd)}`;
    case 2:
      return t('calls.lineCancelled');
    case 3:
      return t('calls.lineAnswered');
    case 4:
      return t(view.busy ? 'calls.lineBusy' : 'calls.lineRejected');
    case 5:
      return t('calls.lineTimeout');
    default:
      return kind;
  }
}
