import type { ConversationStore } from '../conversation-list/conversation-store.ts';
import type { NameStore } from '../names/name-store.ts';
import { conversationName } from '../conversation-list/conversation-text.ts';
import type { Translate } from '../i18n/translate.ts';
import type { MessageStore } from '../message-list/message-store.ts';
import { messageSummary } from '../message-list/summary.ts';
import type { ChatMessage, ChatPort, ChatResponse } from '../provider/chat-port.ts';
import type { ToastStore } from '../toast/toast-store.ts';
import {
  type ForwardMode,
  type ForwardOutcome,
  type ForwardPort,
  ForwardRequestStore,
  forwardPortOf,
  forwardTo,
  mergerPayload,
  SelectionStore,
} from './forward/forward.ts';
import { RecordsStore } from './records/records-store.ts';
import { buildReply, JumpStore, OpenStore, PendingReplyStore, type ReplyKind, withReply } from './replies/reply.ts';
import { addReplyTo, type Modifiable, modifyWithRetry } from './replies/retry.ts';

interface ModifyPort {
  modifyMessage(message: ChatMessage & Modifiable): Promise<ChatResponse<{ message: ChatMessage & Modifiable }>>;
}

interface Deps {
  chat: ChatPort;
  messages: MessageStore;
  conversations: ConversationStore;
  toasts: ToastStore;
  /** Errors to the shared toast, except the codes seed 000 §8 logs only. */
  fail: (err: unknown) => void;
  remove: (IDs: string[]) => void;
  t: Translate;
  /** The kit's name resolver (KGRP15): the user's own name in a records title (KACT24). */
  names?: NameStore;
}

/**
 * Multi-select, forwarding, quotes and replies, and merged records (decision 0015). Everything here follows the
 * open conversation: a change of conversation ends multi-select, drops a pending quote and closes the dialogs.
 */
export class MessageFeatures {
  readonly selection = new SelectionStore();
  readonly forwardRequest = new ForwardRequestStore();
  readonly pending = new PendingReplyStore();
  readonly jumps = new JumpStore();
  /** The root whose replies dialog is open. */
  readonly repliesOf = new OpenStore();
  readonly records: RecordsStore;
  readonly port: ForwardPort | null;
  readonly #deps: Deps;

  constructor(deps: Deps) {
    this.#deps = deps;
    this.port = forwardPortOf(deps.chat);
    this.records = new RecordsStore(this.port, deps.fail);
  }

  attach(): () => void {
    let conversation: string | null = null;
    return this.#deps.messages.subscribe(() => {
      const { conversationID } = this.#deps.messages.getSnapshot();
      if (conversationID === conversation) return;
      conversation = conversationID;
      this.selection.clear();
      this.pending.cancel();
      this.jumps.done();
      this.repliesOf.close();
      this.records.close();
    });
  }

  /** The menu's 'Forward': this one message. */
  forward(ID: string): void {
    this.forwardRequest.ask({ mode: 'each', messages: this.#originals([ID]) });
  }

  /** Multi-select's 'Forward one by one' / 'Forward merged'. */
  forwardSelected(mode: ForwardMode): void {
    this.forwardRequest.ask({ mode, messages: this.#originals(this.selection.getSnapshot().ids) });
  }

  deleteSelected(): void {
    const { ids } = this.selection.getSnapshot();
    if (ids.length === 0) return;
    this.#deps.remove([...ids]);
    this.selection.clear();
  }

  /**
   * The dialog's confirm (KACT16): sends to every target, then one toast: success, or the first error with the
   * repeat counter of the shared toast. Multi-select ends once something was sent.
   */
  async confirmForward(targets: readonly string[]): Promise<ForwardOutcome | null> {
    const request = this.forwardRequest.getSnapshot();
    if (!request || !this.port || targets.length === 0) return null;
    const { t, chat, messages, toasts } = this.#deps;
    const open = messages.getSnapshot().conversationID;
    const current = this.#deps.conversations.getSnapshot().list.find((c) => c.conversationID === open);
    const self = chat.getLoginUser();
    await this.#deps.names?.ensure([self]);
    const selfName = this.#deps.names?.nameOf()(self) ?? self;
    const merged = () => mergerPayload(request.messages, current ? conversationName(current) : '', self, t, selfName);
    const outcome = await forwardTo(this.port, request, targets, merged);
    // Copies sent into the open conversation show at once (a send never comes back through MESSAGE_RECEIVED).
    messages.receive(outcome.sent.filter((m) => m.conversationID === open));
    this.forwardRequest.close();
    if (outcome.errors.length === 0) toasts.show({ type: 'success', text: t('actions.forwardResult.done') });
    else {
      toasts.error(t('actions.forwardResult.failed', { count: outcome.errors.length }));
      for (const err of outcome.errors) console.warn('[parley-chat] forward failed', err);
    }
    if (outcome.sent.length > 0) this.selection.clear();
    return outcome;
  }

  /** The menu's 'Quote' / 'Reply': shown above the input until sent or cancelled. */
  startReply(kind: ReplyKind, ID: string): void {
    const target = this.#deps.messages.original(ID);
    if (!target) return;
    this.pending.put({ kind, reply: buildReply(kind, target, this.#deps.chat.getLoginUser(), this.#deps.t) });
  }

  /**
   * Wraps a message factory so the message carries the pending quote or reply (`cloudCustomData.messageReply`), and
   * once a reply is stored adds it to its root's `messageReplies` (KACT18, KACT11). Without one, the factory as is.
   */
  decorate<O extends { cloudCustomData?: string }>(create: (o: O) => ChatMessage): (o: O) => ChatMessage {
    const pending = this.pending.take();
    if (!pending) return create;
    return (options) => {
      const message = create({ ...options, cloudCustomData: withReply(options.cloudCustomData, pending.reply) });
      const rootID = pending.reply.messageRootID;
      if (rootID) this.#whenSent(message.ID, () => this.#addToRoot(rootID, message));
      return message;
    };
  }

  /**
   * A quote's click or a pin's: to the message when it is loaded (highlighted). Else, with its sequence, the list
   * opens at it with its neighbours (SRCH45, SRCH47); without one, the toast of decision 0015.
   */
  jumpTo(ID: string, sequence?: number): void {
    const { messages } = this.#deps;
    const { items, conversationID } = messages.getSnapshot();
    if (items.some((m) => m.ID === ID)) {
      this.jumps.jump(ID);
      return;
    }
    const notFound = () => this.#deps.toasts.error(this.#deps.t('actions.replyBar.notFound'));
    if (!conversationID || sequence === undefined) {
      notFound();
      return;
    }
    messages.openAt(conversationID, ID, sequence).then((found) => {
      if (found) this.jumps.jump(ID);
      else if (found === false) notFound();
    });
  }

  #originals(IDs: readonly string[]): ChatMessage[] {
    return IDs.map((id) => this.#deps.messages.original(id)).filter((m): m is ChatMessage => m !== undefined);
  }

  #whenSent(ID: string, then: () => void): void {
    const { messages } = this.#deps;
    const check = () => {
      const status = messages.getSnapshot().items.find((m) => m.ID === ID)?.status;
      if (status === 'unSend') return;
      unsubscribe();
      if (status === 'success') then();
    };
    const unsubscribe = messages.subscribe(check);
  }

  #addToRoot(rootID: string, reply: ChatMessage): void {
    const root = this.#deps.messages.original(rootID);
    const port = this.#deps.chat as unknown as Partial<ModifyPort>;
    if (!root || typeof port.modifyMessage !== 'function') return;
    const modify = port.modifyMessage.bind(port) as ModifyPort['modifyMessage'];
    const entry = {
      messageAbstract: messageSummary(reply, this.#deps.chat.getLoginUser(), this.#deps.t).slice(0, 120),
      messageSender: reply.nameCard || reply.nick || reply.from,
      messageID: reply.ID,
    };
    modifyWithRetry(root as ChatMessage & Modifiable, addReplyTo(entry), modify)
      .then((latest) => this.#deps.messages.receive([latest]))
      .catch((err: unknown) => this.#deps.fail(err));
  }
}
