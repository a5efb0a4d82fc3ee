import { conversationName } from '../../conversation-list/conversation-text.ts';
import { Store } from '../../core/store.ts';
import type { Translate } from '../../i18n/translate.ts';
import { messageSummary } from '../../message-list/summary.ts';
import {
  type ChatConversation,
  type ChatMessage,
  type ChatResponse,
  peerOf,
  TYPES,
  typeOf,
} from '../../provider/chat-port.ts';

/** A nested merged record as the records list carries it: enough for the SDK to download it by its key. */
export interface MergerRef {
  type: string;
  payload: unknown;
}

/** The SDK's forwarding methods (reference §3.1); without them the menu offers no forward. */
export interface ForwardPort {
  createForwardMessage(options: { to: string; conversationType: string; payload: ChatMessage }): ChatMessage;
  createMergerMessage(options: {
    to: string;
    conversationType: string;
    payload: { messageList: ChatMessage[]; title: string; abstractList: string[]; compatibleText: string };
  }): ChatMessage;
  downloadMergerMessage(message: ChatMessage | MergerRef): Promise<ChatResponse<ChatMessage>>;
  sendMessage(message: ChatMessage): Promise<ChatResponse<{ message: ChatMessage }>>;
}

export function forwardPortOf(chat: object): ForwardPort | null {
  const c = chat as Record<string, unknown>;
  const methods = ['createForwardMessage', 'createMergerMessage', 'downloadMergerMessage', 'sendMessage'];
  return methods.every((m) => typeof c[m] === 'function') ? (chat as unknown as ForwardPort) : null;
}

export interface SelectionState {
  active: boolean;
  /** Selected message IDs in the order chosen. */
  ids: readonly string[];
}

/** Multi-select mode (decision 0015): on from the menu's 'Multi-select', off on cancel, after an action, or on leaving. */
export class SelectionStore extends Store<SelectionState> {
  constructor() {
    super({ active: false, ids: [] });
  }

  start(ID: string): void {
    this.set({ active: true, ids: [ID] });
  }

  toggle(ID: string): void {
    const { active, ids } = this.getSnapshot();
    if (!active) return;
    this.set({ active, ids: ids.includes(ID) ? ids.filter((i) => i !== ID) : [...ids, ID] });
  }

  clear(): void {
    if (this.getSnapshot().active) this.set({ active: false, ids: [] });
  }
}

export type ForwardMode = 'each' | 'merged';

const byTime = (a: ChatMessage, b: ChatMessage) => a.time - b.time || a.sequence - b.sequence;

/** The messages waiting in the forward dialog, oldest first. */
export interface ForwardRequest {
  mode: ForwardMode;
  messages: readonly ChatMessage[];
}

export class ForwardRequestStore extends Store<ForwardRequest | null> {
  constructor() {
    super(null);
  }

  /** The messages are kept oldest first, the order the records and their abstract list them in. */
  ask(request: ForwardRequest): void {
    const messages = [...request.messages].sort(byTime);
    this.set(messages.length > 0 ? { mode: request.mode, messages } : null);
  }

  close(): void {
    this.set(null);
  }
}

/**
 * The forward dialog's choices (rule KACT16): one-to-one and group conversations, most recent first
 * (pinning does not count here), filtered by a case-insensitive search on the name and ID.
 */
export function forwardTargets(list: readonly ChatConversation[], query: string): ChatConversation[] {
  const q = query.trim().toLowerCase();
  return list
    .filter((c) => c.conversationID.startsWith(TYPES.CONV_C2C) || c.conversationID.startsWith(TYPES.CONV_GROUP))
    .filter((c) => !q || `${conversationName(c)}\n${peerOf(c.conversationID)}`.toLowerCase().includes(q))
    .sort((a, b) => (b.lastMessage?.lastTime ?? 0) - (a.lastMessage?.lastTime ?? 0));
}

export const senderOf = (m: Pick<ChatMessage, 'nameCard' | 'nick' | 'from'>) => m.nameCard || m.nick || m.from;

/** The first lines a merger bubble shows. */
export const MERGER_ABSTRACT_LINES = 4;

/**
 * Title, abstract ('sender: summary' for the first lines) and compatible text of merged records (KACT17). A one-to-one
 * conversation's records are titled with both of its people, the user and the peer (KACT24): whoever wrote them.
 */
export function mergerPayload(
  messages: readonly ChatMessage[],
  peerName: string,
  self: string,
  t: Translate,
  selfName = self,
) {
  const group = messages[0]?.conversationType === TYPES.CONV_GROUP;
  return {
    messageList: [...messages],
    title: group ? t('actions.merger.groupTitle') : t('actions.merger.title', { self: selfName, peer: peerName }),
    abstractList: messages.slice(0, MERGER_ABSTRACT_LINES).map((m) => `${senderOf(m)}: ${messageSummary(m, self, t)}`),
    compatibleText: t('message.merger'),
  };
}

export interface ForwardOutcome {
  sent: ChatMessage[];
  errors: unknown[];
}

/**
 * Sends the request to each target (KACT16): one by one, a copy of each message in time order; merged, one merger
 * message. A failure for one target or message never stops the others.
 */
export async function forwardTo(
  port: ForwardPort,
  request: ForwardRequest,
  targets: readonly string[],
  merged: () => ReturnType<typeof mergerPayload>,
): Promise<ForwardOutcome> {
  const outcome: ForwardOutcome = { sent: [], errors: [] };
  const ordered = [...request.messages].sort(byTime);
  for (const conversationID of targets) {
    const base = { to: peerOf(conversationID), conversationType: typeOf(conversationID) };
    const builds =
      request.mode === 'merged'
        ? [() => port.createMergerMessage({ ...base, payload: { ...merged(), messageList: ordered } })]
        : ordered.map((m) => () => port.createForwardMessage({ ...base, payload: m }));
    for (const build of builds) {
      try {
        const { data } = await port.sendMessage(build());
        outcome.sent.push(data.message);
      } catch (err) {
        outcome.errors.push(err);
      }
    }
  }
  return outcome;
}
