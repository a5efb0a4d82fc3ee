import type { ChatKit } from '../provider/chat-kit.ts';
import { asFailure, type ChatMessage, type ChatResponse } from '../provider/chat-port.ts';

export const REPORT_REASONS = ['spam', 'abuse', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** RPT2: the note's length at most, as the server counts it. */
export const REPORT_NOTE_CHARS = 200;

/** The SDK's report method (decision 0055); absent from an SDK without it (then the menu offers no 'Report'). */
interface ReportPort {
  reportMessage(
    message: ChatMessage,
    options: { reason: ReportReason; note?: string },
  ): Promise<ChatResponse<{ reportID: number }>>;
}

export function reportPortOf(chat: object): ReportPort | null {
  return typeof (chat as { reportMessage?: unknown }).reportMessage === 'function' ? (chat as ReportPort) : null;
}

/** RPT16: reports a message of the open chat through the SDK; a toast says it went, or why it did not. */
export async function sendReport(kit: ChatKit, ID: string, reason: ReportReason, note: string): Promise<boolean> {
  const port = reportPortOf(kit.chat);
  const message = kit.messages.original(ID);
  if (!port || !message) return false;
  try {
    const trimmed = note.trim();
    await port.reportMessage(message as ChatMessage, { reason, ...(trimmed ? { note: trimmed } : {}) });
    kit.toasts.show({ type: 'success', text: kit.t('reports.sent') });
    return true;
  } catch (err) {
    kit.reportError(asFailure(err));
    return false;
  }
}
