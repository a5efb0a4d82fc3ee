import { withoutDeletedReplies } from './deleted-replies.ts';
import { Store } from '../core/store.ts';
import { type ChatMessage, type ChatPort, peerOf, TYPES, typeOf } from '../provider/chat-port.ts';
import { isShown, type MessageItem, toItem } from './message-item.ts';
import { mergeLatest, prepend, remove, upsert } from './merge.ts';
import { MESSAGE_FEATURE } from '../actions/typing/typing.ts';
import { hopAround, hopperOf, nextNewer } from './hop.ts';
import { EMPTY_MESSAGES as EMPTY, FIRST_INDEX, type MessagesState, PAGE_SIZE } from './message-state.ts';

export { FIRST_INDEX, type MessagesState, PAGE_SIZE } from './message-state.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The messages of the open conversation: the newest page on open, older pages on 'view more', pushes appended,
 * sends and resends tracked through their states. Components read snapshots; every call to the SDK starts here.
 */
export class MessageStore extends Store<MessagesState> {
  /** Told after each send the server accepted (demo mode's 'send' task, decision 0054). */
  onSent: () => void = () => undefined;
  readonly #chat: ChatPort;
  readonly #onError: (err: unknown) => void;
  /** The SDK's own Message objects of this session's sends: resendMessage needs the original. */
  readonly #outbox = new Map<string, ChatMessage>();
  /** The SDK's Message objects of the open conversation by ID: read receipts and handling take the original. */
  readonly #originals = new Map<string, ChatMessage>();
  /** Messages of the open conversation the user deleted while it was open: their roots stop counting them (KACT22). */
  readonly #deleted = new Set<string>();
  /** Sends the user cancelled (decision 0032): their rejection is the cancel, not an error to show. */
  readonly #cancelled = new Set<string>();
  #generation = 0;
  /** Group messages ask for read receipts unless the open group is an AVChatRoom (set by the kit). */
  receiptsWanted = true;
  #lastMarked: string | null = null;
  #marking = false;

  constructor(chat: ChatPort, onError: (err: unknown) => void) {
    super(EMPTY);
    this.#chat = chat;
    this.#onError = onError;
  }

  /** Switching conversation clears the list and loads 15 messages (seed 000 §4). */
  open(conversationID: string | null): void {
    this.#generation += 1;
    this.#lastMarked = null;
    this.#originals.clear();
    const epoch = this.getSnapshot().epoch + 1;
    this.set(
      conversationID ? { ...EMPTY, conversationID, status: 'loading', isCompleted: false, epoch } : { ...EMPTY, epoch },
    );
    if (conversationID) this.#fetchLatest(conversationID);
  }

  /**
   * SRCH45: the conversation opened at a message, with a page above and below it (getMessageListHopping, twice).
   * Resolves true once it is listed; false when the SDK cannot hop or it is not there; null when another open came
   * first.
   */
  openAt(conversationID: string, ID: string, sequence: number): Promise<boolean | null> {
    const state = this.getSnapshot();
    if (state.conversationID === conversationID && state.items.some((m) => m.ID === ID)) return Promise.resolve(true);
    const hop = hopperOf(this.#chat);
    if (!hop || !(sequence > 0)) return Promise.resolve(false);
    this.#generation += 1;
    const generation = this.#generation;
    this.#lastMarked = null;
    this.#originals.clear();
    const epoch = state.epoch + 1;
    this.set({ ...EMPTY, conversationID, status: 'loading', isCompleted: false, epoch, jumped: true, target: ID });
    return hopAround(hop, conversationID, sequence, PAGE_SIZE).then(
      (around) => {
        if (generation !== this.#generation) return null;
        this.#keep(around.messages);
        const items = around.messages.filter(isShown).map((m) => toItem(m));
        this.set({ ...this.getSnapshot(), ...around.cursors, items, status: 'ready', firstItemIndex: FIRST_INDEX });
        return items.some((m) => m.ID === ID);
      },
      (err: unknown) => {
        if (generation !== this.#generation) return null;
        this.set({ ...this.getSnapshot(), status: 'error' });
        this.#onError(err);
        return false;
      },
    );
  }

  /** SRCH46: scrolling down a list opened at a message loads the next newer page; the last one joins the live end. */
  loadNewer(): void {
    const state = this.getSnapshot();
    const hop = hopperOf(this.#chat);
    const { conversationID } = state;
    if (!hop || !conversationID || state.status !== 'ready' || state.loadingNewer || !state.hasNewer) return;
    const generation = this.#generation;
    this.set({ ...state, loadingNewer: true });
    hop({ conversationID, sequence: state.newerSeq, direction: 1, count: PAGE_SIZE })
      .then(({ data }) => {
        if (generation !== this.#generation) return;
        this.#keep(data.messageList);
        const current = this.getSnapshot();
        const items = data.messageList
          .filter(isShown)
          .map((m) => toItem(m))
          .reduce(upsert, current.items);
        const hasNewer = !data.isCompleted;
        const newerSeq = nextNewer(data, current.newerSeq);
        this.set({ ...current, items, hasNewer, newerSeq, loadingNewer: false });
        // Pushes were set aside while newer pages were missing: the newest page brings what came meanwhile.
        if (!hasNewer) this.catchUp();
      })
      .catch((err: unknown) => {
        if (generation === this.#generation) this.set({ ...this.getSnapshot(), loadingNewer: false });
        this.#onError(err);
      });
  }

  /** 'Back to latest' in a list opened at a message: the newest page, as on open. */
  toLatest(): void {
    const { conversationID } = this.getSnapshot();
    if (conversationID) this.open(conversationID);
  }

  /** 'view more': the older 15. */
  loadMore(): void {
    const state = this.getSnapshot();
    const { conversationID } = state;
    if (!conversationID || state.status !== 'ready' || state.loadingMore || state.isCompleted) return;
    const generation = this.#generation;
    this.set({ ...state, loadingMore: true });
    this.#chat
      .getMessageList({ conversationID, nextReqMessageID: state.nextReqMessageID, count: PAGE_SIZE })
      .then(({ data }) => {
        if (generation !== this.#generation) return;
        const current = this.getSnapshot();
        this.#keep(data.messageList);
        const older = data.messageList.filter(isShown).map((m) => toItem(m));
        const { items, added } = prepend(current.items, older);
        this.set({
          ...current,
          items,
          firstItemIndex: current.firstItemIndex - added,
          nextReqMessageID: data.nextReqMessageID,
          isCompleted: data.isCompleted,
          loadingMore: false,
        });
      })
      .catch((err: unknown) => {
        if (generation === this.#generation) this.set({ ...this.getSnapshot(), loadingMore: false });
        this.#onError(err);
      });
  }

  /** After a reconnect: fetch the newest page again and merge it, so nothing missed stays missing. */
  catchUp(): void {
    const { conversationID, status } = this.getSnapshot();
    if (conversationID && status !== 'idle' && this.#chat.isReady()) this.#fetchLatest(conversationID, true);
  }

  /** MESSAGE_RECEIVED (and the user's own messages from other devices). */
  receive(messages: readonly ChatMessage[]): void {
    const { conversationID, jumped, hasNewer, status } = this.getSnapshot();
    // SRCH46: while newer messages are still to load, a new message would sit after a gap; changes to listed ones apply.
    const gap = jumped && (hasNewer || status === 'loading');
    let { items } = this.getSnapshot();
    for (const message of messages) {
      if (message.conversationID !== conversationID) continue;
      if (gap && !items.some((m) => m.ID === message.ID)) continue;
      this.#originals.set(message.ID, message);
      if (message.isDeleted) this.#deleted.add(message.ID);
      items = isShown(message) ? upsert(items, toItem(message)) : remove(items, message.ID);
    }
    this.#setItems(items);
  }

  /** MESSAGE_READ_BY_PEER: the user's messages the peer has read. */
  peerRead(messages: readonly ChatMessage[]): void {
    const read = new Set(messages.filter((m) => m.isPeerRead !== false).map((m) => m.ID));
    const { items } = this.getSnapshot();
    if (!items.some((m) => read.has(m.ID) && !m.isPeerRead)) return;
    this.#setItems(items.map((m) => (read.has(m.ID) && !m.isPeerRead ? { ...m, isPeerRead: true } : m)));
  }

  /** Marks every message up to `sequence` read by the peer (a conversation's read position moved). */
  peerReadUpTo(conversationID: string, sequence: number): void {
    const state = this.getSnapshot();
    if (state.conversationID !== conversationID) return;
    const stale = (m: MessageItem) =>
      m.flow === 'out' && m.status === 'success' && !m.isPeerRead && m.sequence <= sequence;
    if (!state.items.some(stale)) return;
    this.#setItems(state.items.map((m) => (stale(m) ? { ...m, isPeerRead: true } : m)));
  }

  /** The SDK's own object of a message of the open conversation. */
  original(ID: string): ChatMessage | undefined {
    return this.#originals.get(ID) ?? this.#outbox.get(ID);
  }

  /** Read counts of group messages (getMessageReadReceiptList, MESSAGE_READ_RECEIPT_RECEIVED). */
  patchReadCounts(counts: readonly { messageID: string; readCount: number; unreadCount: number }[]): void {
    const byID = new Map(counts.map((c) => [c.messageID, c]));
    const { items } = this.getSnapshot();
    const changed = (m: MessageItem) => {
      const c = byID.get(m.ID);
      return c !== undefined && (c.readCount !== m.readCount || c.unreadCount !== m.unreadCount);
    };
    if (!items.some(changed)) return;
    this.#setItems(
      items.map((m) => {
        const c = byID.get(m.ID);
        return c && changed(m) ? Object.freeze({ ...m, readCount: c.readCount, unreadCount: c.unreadCount }) : m;
      }),
    );
  }

  /**
   * Sends a text; in a group it asks for read receipts (decision 0012) and, with `create`, is made by another factory
   * (createTextAtMessage for mentions, KGRP7).
   */
  sendText(
    text: string,
    create?: (options: { to: string; conversationType: string; needReadReceipt: boolean }) => ChatMessage,
  ): void {
    const { conversationID, hasNewer } = this.getSnapshot();
    if (!conversationID) return;
    // SRCH46: a message sent from a list opened at an old message goes to the live end, which is shown again.
    if (hasNewer) this.open(conversationID);
    let message: ChatMessage;
    try {
      const base = {
        to: peerOf(conversationID),
        conversationType: typeOf(conversationID),
        needReadReceipt: typeOf(conversationID) === TYPES.CONV_GROUP && this.receiptsWanted,
        // Decision 0015: the peer may send typing signals back to one-to-one texts.
        ...(typeOf(conversationID) === TYPES.CONV_C2C ? { cloudCustomData: JSON.stringify(MESSAGE_FEATURE) } : {}),
      };
      message = create ? create(base) : this.#chat.createTextMessage({ ...base, payload: { text } });
    } catch (err) {
      this.#onError(err);
      return;
    }
    this.#deliver(message, (m, onProgress) => this.#chat.sendMessage(m, { onProgress }));
  }

  /** Seed 000 §4: resend removes the old entry and adds the new one. */
  resend(ID: string): void {
    const message = this.#outbox.get(ID);
    if (!message) return;
    this.#setItems(remove(this.getSnapshot().items, ID));
    this.#deliver(message, (m) => this.#chat.resendMessage(m));
  }

  /**
   * Decision 0032 (UI24): the user cancelled a send the server has not stored. The entry leaves the list at once;
   * the caller asks the SDK to drop it (deleteMessage of an unsent message), whose rejection of the send is expected.
   */
  cancelSend(ID: string): void {
    if (!this.#outbox.delete(ID)) return;
    this.#cancelled.add(ID);
    this.#setItems(remove(this.getSnapshot().items, ID));
  }

  /**
   * Messages in view mark the conversation read (seed 000 §4). Called when the newest messages are visible; it asks
   * the SDK once per newest incoming message, or again while the conversation still reports unread messages.
   */
  markRead(unreadCount: number): void {
    const { conversationID, status, items, hasNewer } = this.getSnapshot();
    // SRCH46: the newest messages are not in view while newer pages are still to load.
    if (!conversationID || status !== 'ready' || this.#marking || hasNewer) return;
    const newestIncoming = items.findLast((m) => m.flow === 'in')?.ID ?? '';
    if (unreadCount <= 0 && newestIncoming === this.#lastMarked) return;
    if (unreadCount <= 0 && newestIncoming === '') return;
    this.#lastMarked = newestIncoming;
    this.#marking = true;
    this.#chat
      .setMessageRead({ conversationID })
      .catch((err: unknown) => console.warn('[parley-chat] setMessageRead failed', err))
      .finally(() => {
        this.#marking = false;
      });
  }

  #deliver(
    message: ChatMessage,
    send: (m: ChatMessage, onProgress: (p: number) => void) => Promise<{ data: { message: ChatMessage } }>,
  ): void {
    this.#outbox.set(message.ID, message);
    const sentTime = message.time || nowSeconds();
    const sending = (progress?: number) =>
      toItem(message, { status: 'unSend', flow: 'out', time: sentTime, ...(progress ? { progress } : {}) });
    this.#setItems(upsert(this.getSnapshot().items, sending()));
    // A media upload's progress shows in its bubble (KUPL10) until the send settles.
    const onProgress = (p: number) => {
      if (this.#outbox.has(message.ID)) this.#update(sending(p));
    };
    send(message, onProgress).then(
      ({ data }) => {
        this.#outbox.delete(message.ID);
        this.#originals.set(message.ID, data.message ?? message);
        this.#update(toItem(data.message ?? message, { status: 'success', flow: 'out' }));
        this.onSent();
      },
      (err: unknown) => {
        if (this.#cancelled.delete(message.ID)) return;
        const failed = (err as { data?: { message?: ChatMessage } })?.data?.message ?? message;
        this.#update(toItem(failed, { status: 'fail', flow: 'out', time: failed.time || sentTime }));
        this.#onError(err);
      },
    );
  }

  /** A send settles: update the entry if it is still shown (the user may have switched conversation meanwhile). */
  #update(item: MessageItem): void {
    const { items } = this.getSnapshot();
    if (items.some((m) => m.ID === item.ID)) this.#setItems(upsert(items, item));
  }

  /** `quiet`: a background refresh, whose failure is logged rather than shown (the banner already says why). */
  #fetchLatest(conversationID: string, quiet = false): void {
    const generation = this.#generation;
    this.#chat
      .getMessageList({ conversationID, count: PAGE_SIZE })
      .then(({ data }) => {
        if (generation !== this.#generation) return;
        // Failed sends kept by the SDK across a reload come with the page: '!' must be able to resend them.
        for (const m of data.messageList) if (m.status === 'fail') this.#outbox.set(m.ID, m);
        this.#keep(data.messageList);
        const state = this.getSnapshot();
        const page = data.messageList.filter(isShown).map((m) => toItem(m));
        if (state.status === 'loading') {
          // Pushes that arrived while the page was on its way are newer than it or already in it.
          const items = state.items.reduce(upsert, page as readonly MessageItem[]);
          this.set({ ...state, ...this.#cursor(data), items, status: 'ready' });
          return;
        }
        const merged = mergeLatest(state.items, page, data.isCompleted);
        if (merged.replaced) this.set({ ...state, ...this.#cursor(data), items: merged.items, epoch: state.epoch + 1 });
        else this.#setItems(merged.items);
      })
      .catch((err: unknown) => {
        if (generation !== this.#generation) return;
        if (this.getSnapshot().status === 'loading') this.set({ ...this.getSnapshot(), status: 'error' });
        if (quiet) console.warn('[parley-chat] catch-up failed', err);
        else this.#onError(err);
      });
  }

  #keep(messages: readonly ChatMessage[]): void {
    for (const m of messages) this.#originals.set(m.ID, m);
  }

  #cursor(data: { nextReqMessageID: string; isCompleted: boolean }) {
    return { nextReqMessageID: data.nextReqMessageID, isCompleted: data.isCompleted, firstItemIndex: FIRST_INDEX };
  }

  #setItems(items: readonly MessageItem[]): void {
    const state = this.getSnapshot();
    if (items !== state.items) this.set({ ...state, items });
  }

  /** Every snapshot's roots leave out the replies deleted here (KACT22), however the items were built. */
  protected override set(value: MessagesState): void {
    if (value.conversationID !== this.getSnapshot().conversationID) this.#deleted.clear();
    const items = withoutDeletedReplies(value.items, this.#deleted);
    super.set(items === value.items ? value : { ...value, items });
  }
}
