import type { ChatConversation, ChatPort } from '../provider/chat-port.ts';

/** DRF8: a draft is saved this long after the last keystroke, so typing costs a request per pause, not per key. */
export const DRAFT_SAVE_MS = 800;

export interface DraftTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: DraftTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The input's draft on the server (decision 0041): restored when a conversation opens, saved after a pause in typing
 * and when the conversation is left, dropped when the text is sent. Writes to one conversation go one after another,
 * so a slow save can never land after the clear that follows a send.
 */
export class DraftKeeper {
  readonly #chat: ChatPort;
  readonly #find: (conversationID: string) => ChatConversation | undefined;
  readonly #timers: DraftTimers;
  readonly #pending = new Map<string, { handle: unknown; text: string }>();
  readonly #writes = new Map<string, Promise<void>>();
  /** What this kit last asked the server to keep, per conversation. */
  readonly #written = new Map<string, string>();

  constructor(
    chat: ChatPort,
    find: (conversationID: string) => ChatConversation | undefined,
    timers: DraftTimers = realTimers,
  ) {
    this.#chat = chat;
    this.#find = find;
    this.#timers = timers;
  }

  /** The text an opening conversation's input starts with: a save still waiting, else the server's draft. */
  initial(conversationID: string): string {
    return this.#pending.get(conversationID)?.text ?? this.#find(conversationID)?.draftText ?? '';
  }

  /** A keystroke: the save waits for a pause. */
  input(conversationID: string, text: string): void {
    this.#cancel(conversationID);
    const handle = this.#timers.set(() => {
      this.#pending.delete(conversationID);
      this.#save(conversationID, text);
    }, DRAFT_SAVE_MS);
    this.#pending.set(conversationID, { handle, text });
  }

  /** The conversation is left (or the page hidden): a waiting save goes now. */
  flush(conversationID: string): void {
    const waiting = this.#pending.get(conversationID);
    if (!waiting) return;
    this.#cancel(conversationID);
    this.#save(conversationID, waiting.text);
  }

  /** The text was sent: a waiting save is dropped, and a draft this kit saved is cleared (the SDK clears the rest). */
  sent(conversationID: string): void {
    this.#cancel(conversationID);
    if (this.#written.get(conversationID)) this.#write(conversationID, '');
  }

  #cancel(conversationID: string): void {
    const waiting = this.#pending.get(conversationID);
    if (waiting) this.#timers.clear(waiting.handle);
    this.#pending.delete(conversationID);
  }

  #save(conversationID: string, text: string): void {
    const known = this.#written.get(conversationID) ?? this.#find(conversationID)?.draftText ?? '';
    if (text !== known) this.#write(conversationID, text);
  }

  #write(conversationID: string, draftText: string): void {
    const set = this.#chat.setConversationDraft?.bind(this.#chat);
    if (!set) return;
    this.#written.set(conversationID, draftText);
    const before = this.#writes.get(conversationID) ?? Promise.resolve();
    const next = before
      .then(() => set({ conversationID, draftText }))
      .then(
        () => undefined,
        (err: unknown) => console.warn('[parley-chat] setConversationDraft failed', err),
      );
    this.#writes.set(conversationID, next);
  }
}
