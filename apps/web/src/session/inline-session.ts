import type { Session, StartSnapshot } from '@parley/chat';

const ELEMENT_ID = 'parley-session';

/** The first conversation page the server adds to a chat route's session (decision 0009). */
export type ChatStart = StartSnapshot['conversations'];

export interface InlineSession {
  /** `null`: a visitor. */
  session: Session | null;
  /** Only on a chat route with a live session: the SDK's start snapshot. */
  chatStart?: ChatStart | undefined;
}

function readChatStart(value: unknown): ChatStart | undefined {
  const start = value as Partial<ChatStart> | undefined;
  // The SDK checks it again; this only keeps an unexpected shape out of the session object.
  return start && Array.isArray(start.conversationList) ? (start as ChatStart) : undefined;
}

/**
 * The session the server put into the page (a JSON data block, decision 0009), read once and removed: a later
 * check (a page restored by Back) must ask the server again, and the start snapshot is only fresh at page load.
 * `undefined`: the page carries none, probe instead.
 */
export function takeInlineSession(doc: Document = document): InlineSession | undefined {
  const element = doc.getElementById(ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    if (value === null) return { session: null };
    const { chatStart, ...s } = value as Partial<Session> & { chatStart?: unknown };
    if (typeof s.userID !== 'string' || typeof s.userSig !== 'string') return undefined;
    return { session: s as Session, chatStart: readChatStart(chatStart) };
  } catch {
    return undefined;
  }
}
