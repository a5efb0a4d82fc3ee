import { Store } from '../core/store.ts';
import type { ChatConversation } from '../provider/chat-port.ts';

/**
 * The conversation waiting for the user to confirm its deletion (UI1), or null. Deleting clears the history, so the
 * menus only ask; the dialog confirms or cancels.
 */
export class DeleteRequestStore extends Store<ChatConversation | null> {
  constructor() {
    super(null);
  }

  ask(conversation: ChatConversation): void {
    this.set(conversation);
  }

  /** Returns the conversation to delete and clears the request. */
  take(): ChatConversation | null {
    const pending = this.getSnapshot();
    this.set(null);
    return pending;
  }

  cancel(): void {
    this.set(null);
  }
}
