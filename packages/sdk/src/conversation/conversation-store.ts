import { emptyConversation, MARK_BIT, messageForShow } from '@parley/protocol';
import type { Profile } from '@parley/protocol';
import { TYPES } from '../constants/types.ts';
import type { Group } from '../group/group.ts';
import type { Message } from '../message/message.ts';
import {
  type Conversation,
  type ConversationState,
  type GroupAtInfo,
  compareConversations,
  peerOf,
  placeholderProfile,
  toConversation,
  totalUnread,
} from './conversation.ts';

interface Deps {
  me: () => string;
  /** Called after every change that may alter the list or the unread total (the caller coalesces). */
  onChange: () => void;
}

/**
 * The logged-in user's conversation list: the server's rows (the authority, re-read on every sync) plus what the
 * SDK learns in between from pushes and its own sends, applied by sequence so a late or repeated update never
 * moves a conversation backwards.
 */
export class ConversationStore {
  readonly #deps: Deps;
  readonly #states = new Map<string, ConversationState>();
  readonly #views = new Map<string, Conversation>();
  #sorted: Conversation[] | null = null;
  /** Set by the group feature: the Group a GROUP conversation shows as `groupProfile`. */
  groupOf: (groupID: string) => Group | undefined = () => undefined;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  has(conversationID: string): boolean {
    return this.#states.has(conversationID);
  }

  state(conversationID: string): ConversationState | undefined {
    return this.#states.get(conversationID);
  }

  get(conversationID: string): Conversation | undefined {
    return this.#views.get(conversationID);
  }

  /** The sorted list; the same array until something changes. */
  list(): Conversation[] {
    this.#sorted ??= [...this.#views.values()].sort(compareConversations);
    return this.#sorted;
  }

  totalUnread(): number {
    return totalUnread(this.#views.values());
  }

  /** A server row. Anything newer the SDK already applied (a send acked while the row was in flight) is kept. */
  applyRow(row: ConversationState): void {
    const local = this.#states.get(row.conversationID);
    if (local && local.lastSequence > row.lastSequence) {
      this.#set({
        ...row,
        lastSequence: local.lastSequence,
        lastMessage: local.lastMessage,
        readSequence: Math.max(local.readSequence, row.readSequence),
        unreadCount: local.unreadCount,
        peerReadSequence: Math.max(local.peerReadSequence, row.peerReadSequence),
        // Mentions follow the unread count: the row is older than what this SDK applied since.
        ...(local.groupAtInfoList ? { groupAtInfoList: local.groupAtInfoList } : {}),
      });
      return;
    }
    this.#set({ ...row, peerReadSequence: Math.max(local?.peerReadSequence ?? 0, row.peerReadSequence) });
  }

  /**
   * A stored message now in order. Returns false when the conversation was unknown (the caller syncs). Unread
   * mirrors the server's rule: the peer's messages after my read position; sending marks everything read.
   */
  applyMessage(message: Message): boolean {
    const state = this.#states.get(message.conversationID) ?? this.#provisional(message);
    const known = this.#states.has(message.conversationID);
    message.isPeerRead = message.flow === 'out' && message.sequence <= state.peerReadSequence;
    message.isRead = message.flow === 'in' && message.sequence <= state.readSequence;
    if (message.sequence <= state.lastSequence) return known;
    const next: ConversationState = {
      ...state,
      lastSequence: message.sequence,
      lastMessage: {
        ID: message.ID,
        lastTime: message.time,
        lastSequence: message.sequence,
        fromAccount: message.from,
        type: message.type,
        payload: message.payload,
        messageForShow: message.isRevoked ? '' : messageForShow(message.type, message.payload),
        cloudCustomData: message.cloudCustomData,
        nick: message.nick,
        nameCard: message.nameCard,
        isRevoked: message.isRevoked,
        isPeerRead: message.isPeerRead,
      },
    };
    if (message.from === this.#deps.me()) {
      next.readSequence = message.sequence;
      next.unreadCount = 0;
      if (state.groupAtInfoList) next.groupAtInfoList = [];
    } else if (message.sequence > Math.max(state.readSequence, state.clearedSequence)) {
      next.unreadCount = state.unreadCount + 1;
      const at = atInfoFor(message, this.#deps.me());
      if (at) next.groupAtInfoList = [...(state.groupAtInfoList ?? []), at];
    }
    this.#set(next);
    return known;
  }

  /**
   * A message in a conversation the list does not have yet (a new peer): it shows at once, built from the message;
   * the caller's sync then replaces it with the server's row (profile, read positions).
   */
  #provisional(message: Message): ConversationState {
    const incoming = message.flow === 'in';
    return {
      ...emptyConversation(message.conversationID, message.conversationType),
      ...(incoming
        ? { userProfile: { ...placeholderProfile(message.from), nick: message.nick, avatar: message.avatar } }
        : {}),
    };
  }

  /**
   * A message changed in place (recalled, modified): when it is a conversation's last message, the list's preview
   * follows at once (KACT23). Group rows are not rewritten on the server for a recall, so nothing else would.
   */
  messageChanged(messages: readonly Message[]): void {
    for (const m of messages) {
      const state = this.#states.get(m.conversationID);
      const last = state?.lastMessage;
      if (!state || !last || last.ID !== m.ID) continue;
      this.#set({
        ...state,
        lastMessage: {
          ...last,
          payload: m.payload,
          cloudCustomData: m.cloudCustomData,
          isRevoked: m.isRevoked,
          messageForShow: m.isRevoked ? '' : messageForShow(m.type, m.payload),
        },
      });
    }
  }

  markRead(conversationID: string, readSequence: number): void {
    const state = this.#states.get(conversationID);
    if (!state) return;
    const read = Math.max(state.readSequence, readSequence);
    // Mentions are unread until read (decision 0012): those at or below the read position go with the unread count.
    const groupAtInfoList = state.groupAtInfoList?.filter((at) => at.messageSequence > read);
    this.#set({
      ...state,
      readSequence: read,
      unreadCount: read >= state.lastSequence ? 0 : state.unreadCount,
      ...(groupAtInfoList ? { groupAtInfoList } : {}),
      // MARK7: reading clears the unread mark (the server did too).
      ...(state.markBits ? { markBits: state.markBits.filter((bit) => bit !== MARK_BIT.UNREAD) } : {}),
    });
  }

  /** My history up to `sequence` is cleared (CMP35): no last message, nothing unread, no mention left. */
  cleared(conversationID: string, sequence: number): void {
    const state = this.#states.get(conversationID);
    if (!state) return;
    const cleared = Math.max(state.clearedSequence, sequence);
    const read = Math.max(state.readSequence, cleared);
    this.#set({
      ...state,
      clearedSequence: cleared,
      readSequence: read,
      unreadCount: read >= state.lastSequence ? 0 : state.unreadCount,
      lastMessage: state.lastSequence <= cleared ? null : state.lastMessage,
      ...(state.groupAtInfoList
        ? { groupAtInfoList: state.groupAtInfoList.filter((at) => at.messageSequence > read) }
        : {}),
    });
  }

  /** Raises the peer's read position; returns the previous one (undefined when the conversation is unknown). */
  setPeerRead(conversationID: string, peerReadSequence: number): number | undefined {
    const state = this.#states.get(conversationID);
    if (!state) return undefined;
    if (peerReadSequence > state.peerReadSequence) this.#set({ ...state, peerReadSequence });
    return state.peerReadSequence;
  }

  patch(
    conversationID: string,
    fields: Partial<
      Pick<
        ConversationState,
        'isPinned' | 'messageRemindType' | 'draftText' | 'draftTime' | 'markBits' | 'groupNames' | 'customData'
      >
    >,
  ): void {
    const state = this.#states.get(conversationID);
    if (state) this.#set({ ...state, ...fields });
  }

  /** A group's profile changed: its conversation's `groupProfile` (and subType) follow. */
  groupChanged(groupID: string): void {
    const state = this.#states.get(`${TYPES.CONV_GROUP}${groupID}`);
    if (state) this.#set(state);
  }

  /** A peer's profile changed (decision 0017): their one-to-one conversation's `userProfile` follows. */
  peerProfileChanged(profile: Profile): void {
    const state = this.#states.get(`${TYPES.CONV_C2C}${profile.userID}`);
    if (state) this.#set({ ...state, userProfile: profile });
  }

  remove(conversationID: string): void {
    if (!this.#states.delete(conversationID)) return;
    this.#views.delete(conversationID);
    this.#changed();
  }

  reset(): void {
    this.#states.clear();
    this.#views.clear();
    this.#sorted = null;
  }

  #set(state: ConversationState): void {
    this.#states.set(state.conversationID, state);
    const group = state.type === TYPES.CONV_GROUP ? this.groupOf(peerOf(state.conversationID)) : undefined;
    const view = toConversation(state, this.#deps.me(), group);
    const before = this.#views.get(state.conversationID);
    // A sync that re-reads an unchanged row keeps the old object, so listeners are not woken for nothing.
    if (before && JSON.stringify(before) === JSON.stringify(view)) return;
    this.#views.set(state.conversationID, view);
    this.#changed();
  }

  #changed(): void {
    this.#sorted = null;
    this.#deps.onChange();
  }
}

/** The mention a group message makes of me, as the server records it (decision 0012), so it shows before a sync. */
function atInfoFor(message: Message, me: string): GroupAtInfo | undefined {
  if (message.conversationType !== TYPES.CONV_GROUP) return undefined;
  const all = message.atUserList.includes(TYPES.MSG_AT_ALL);
  const mine = message.atUserList.includes(me);
  if (!all && !mine) return undefined;
  const type = all && mine ? TYPES.CONV_AT_ALL_AT_ME : all ? TYPES.CONV_AT_ALL : TYPES.CONV_AT_ME;
  return {
    from: message.from,
    groupID: message.to,
    topicID: '',
    messageSequence: message.sequence,
    atTypeArray: [type],
  };
}
