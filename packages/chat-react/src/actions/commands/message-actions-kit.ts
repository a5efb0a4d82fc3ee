import { Store } from '../../core/store.ts';
import type { MessageStore } from '../../message-list/message-store.ts';
import { type ChatEvent, type ChatMessage, type ChatPort, EVENT } from '../../provider/chat-port.ts';
import type { ActionPort, ReactionEntry } from './action-port.ts';
import { failOrLog } from '../fail-or-log.ts';
import { legacyReacts, mergeReactions } from './legacy-reactions.ts';

/** Reactions of the open conversation's messages by message ID (`MESSAGE_REACTIONS_UPDATED`, `getMessageReactions`). */
export type ReactionMap = ReadonlyMap<string, readonly ReactionEntry[]>;

interface Deps {
  chat: ChatPort;
  port: ActionPort | null;
  messages: MessageStore;
  report: (err: unknown) => void;
  /** Told of a recall the server accepted (demo mode, decision 0054). */
  did?: (deed: 'revoke') => void;
  /** Writes text to the clipboard (the browser's by default; tests pass their own). */
  clipboard?: (text: string) => Promise<void>;
  /** True while the open conversation is a group the user has left: no reactions are read (KGRP20). */
  paused?: () => boolean;
}

const BATCH = 30;

/**
 * The message actions the menu runs (decision 0015): copy, recall, delete for me and emoji reactions through
 * the reference's reaction API, so two people reacting at once never conflict (rule KACT12). Errors go to the
 * shared toast; the list itself changes through the SDK's events (MESSAGE_REVOKED, MESSAGE_MODIFIED).
 */
export class MessageActionsKit extends Store<ReactionMap> {
  readonly #deps: Deps;
  /** Messages whose reactions were asked for (once each per conversation opening). */
  readonly #asked = new Set<string>();
  /** What the reaction API says, by message ID: a toggle reads the user's own state here, not in the older form. */
  readonly #api = new Map<string, readonly ReactionEntry[]>();
  /** Texts of the user's messages recalled in this session: the recall line offers them back (decision 0015). */
  readonly #recalled = new Map<string, string>();
  /** A text to put back in the input ('re-edit'), with a counter so the same text twice is still a change. */
  readonly draft = new DraftStore();

  constructor(deps: Deps) {
    super(new Map());
    this.#deps = deps;
  }

  get canAct(): boolean {
    return this.#deps.port !== null;
  }

  /** Subscribes to the SDK and to the open list; returns the undo. */
  attach(): () => void {
    const updated = (event: ChatEvent) => {
      const d = event.data as { messageID?: string; reactionList?: ReactionEntry[] };
      if (typeof d?.messageID === 'string' && Array.isArray(d.reactionList)) this.#put(d.messageID, d.reactionList);
    };
    this.#deps.chat.on(EVENT.MESSAGE_REACTIONS_UPDATED, updated);
    let conversation: string | null = null;
    const unsubscribe = this.#deps.messages.subscribe(() => {
      const state = this.#deps.messages.getSnapshot();
      if (state.conversationID !== conversation) {
        conversation = state.conversationID;
        this.#asked.clear();
        this.#api.clear();
        this.set(new Map());
      }
      this.#load(state.items.filter((m) => m.status === 'success' && !m.isRevoked).map((m) => m.ID));
    });
    return () => {
      this.#deps.chat.off(EVENT.MESSAGE_REACTIONS_UPDATED, updated);
      unsubscribe();
    };
  }

  copy(ID: string): void {
    const text = (this.#original(ID)?.payload as { text?: unknown } | undefined)?.text;
    if (typeof text !== 'string') return;
    const write = this.#deps.clipboard ?? ((t: string) => navigator.clipboard.writeText(t));
    write(text).catch((err: unknown) => this.#fail(err));
  }

  revoke(ID: string): void {
    const message = this.#original(ID);
    if (!message || !this.#deps.port) return;
    const text = (message.payload as { text?: unknown } | undefined)?.text;
    if (message.type === 'TIMTextElem' && typeof text === 'string') this.#recalled.set(ID, text);
    this.#deps.port
      .revokeMessage(message)
      .then(() => {
        this.#deps.messages.receive([message]);
        this.#deps.did?.('revoke');
      })
      .catch((err: unknown) => this.#fail(err));
  }

  /** The text of a message the user recalled in this session, for its re-edit link. */
  recalledText(ID: string): string | undefined {
    return this.#recalled.get(ID);
  }

  /** Puts a recalled text back in the input (KACT13). */
  reedit(ID: string): void {
    const text = this.#recalled.get(ID);
    if (text !== undefined) this.draft.put(text);
  }

  remove(ID: string): void {
    this.removeAll([ID]);
  }

  /** Deletes for the user only (multi-select's Delete too), in calls of at most 30 as the server takes them. */
  removeAll(IDs: readonly string[]): void {
    const messages = IDs.map((id) => this.#original(id)).filter((m): m is ChatMessage => m !== undefined);
    const port = this.#deps.port;
    if (messages.length === 0 || !port) return;
    for (let i = 0; i < messages.length; i += BATCH) {
      const batch = messages.slice(i, i + BATCH);
      port
        .deleteMessage(batch)
        .then(() => this.#deps.messages.receive(batch.map((m) => ({ ...m, isDeleted: true }))))
        .catch((err: unknown) => this.#fail(err));
    }
  }

  /** Toggles the user's reaction: removed when it is theirs, added otherwise (seed 000 §4). */
  toggleReaction(ID: string, reactionID: string): void {
    const message = this.#original(ID);
    const port = this.#deps.port;
    if (!message || !port) return;
    const mine = this.#api.get(ID)?.some((r) => r.reactionID === reactionID && r.reactedByMyself);
    const call = mine ? port.removeMessageReaction(message, reactionID) : port.addMessageReaction(message, reactionID);
    call.then(() => this.#refresh([message])).catch((err: unknown) => this.#fail(err));
  }

  /** Seed 000 §8: 2480, 2481 and 20026 are logged only; other errors use the shared toast (decision 0015). */
  #fail(err: unknown): void {
    failOrLog(err, this.#deps.report);
  }

  #original(ID: string): ChatMessage | undefined {
    return this.#deps.messages.original(ID);
  }

  #load(IDs: string[]): void {
    if (this.#deps.paused?.()) return;
    const fresh = IDs.filter((id) => !this.#asked.has(id));
    if (fresh.length === 0 || !this.#deps.port) return;
    for (const id of fresh) this.#asked.add(id);
    const messages = fresh.map((id) => this.#original(id)).filter((m): m is ChatMessage => m !== undefined);
    for (let i = 0; i < messages.length; i += BATCH) this.#refresh(messages.slice(i, i + BATCH));
  }

  #refresh(messageList: ChatMessage[]): void {
    if (!this.#deps.port || messageList.length === 0) return;
    this.#deps.port
      .getMessageReactions({ messageList })
      .then(({ data }) => {
        for (const r of data.resultList) this.#put(r.messageID, r.reactionList);
      })
      .catch(() => undefined);
  }

  /** Stores the API's list and shows it merged with the message's older-form reactions (KACT14). */
  #put(messageID: string, list: readonly ReactionEntry[]): void {
    this.#api.set(messageID, list);
    const current = this.getSnapshot();
    const legacy = legacyReacts(this.#original(messageID)?.cloudCustomData);
    const kept = mergeReactions(
      list.filter((r) => r.totalUserCount > 0),
      legacy,
      this.#deps.chat.getLoginUser(),
    );
    if (kept.length === 0 && !current.has(messageID)) return;
    const next = new Map(current);
    if (kept.length === 0) next.delete(messageID);
    else next.set(messageID, kept);
    this.set(next);
  }
}

/** The input's pending text from outside the input (a re-edit); `n` changes on every put. */
export class DraftStore extends Store<{ text: string; n: number }> {
  constructor() {
    super({ text: '', n: 0 });
  }

  put(text: string): void {
    this.set({ text, n: this.getSnapshot().n + 1 });
  }
}
