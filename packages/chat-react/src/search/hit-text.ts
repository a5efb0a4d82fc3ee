import type { Translate } from '../i18n/translate.ts';
import { messageSummary } from '../message-list/summary.ts';
import { type ChatMessage, TYPES } from '../provider/chat-port.ts';

/** What a message result shows: a file by its name (search finds file names, SRCH11), else its one-line summary. */
export function hitText(message: ChatMessage, selfID: string, t: Translate): string {
  const payload = message.payload as { fileName?: unknown } | null;
  if (message.type === TYPES.MSG_FILE && typeof payload?.fileName === 'string') return payload.fileName;
  return messageSummary(message, selfID, t);
}
