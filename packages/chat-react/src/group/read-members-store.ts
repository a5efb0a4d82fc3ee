import { Store } from '../core/store.ts';
import { asFailure, type ChatMessage } from '../provider/chat-port.ts';
import type { GroupPort } from './group-port.ts';

/** Seed 000 §7, §9: read / unread member lists in pages of 15 with a cursor. */
export const READ_PAGE = 15;

export type ReadFilter = 0 | 1;

export interface ReadList {
  userIDs: readonly string[];
  cursor: string;
  isCompleted: boolean;
  loading: boolean;
  /** The refusal's code (10062 when group read receipts are off) and message. */
  error: { code: number; message: string } | null;
}

export interface ReadMembersState {
  messageID: string | null;
  lists: Readonly<Record<ReadFilter, ReadList>>;
}

const START: ReadList = { userIDs: [], cursor: '', isCompleted: false, loading: false, error: null };
const CLOSED: ReadMembersState = { messageID: null, lists: { 0: START, 1: START } };

/** The read-receipt dialog's lists (KGRP8): each opening starts both afresh; 'view more' adds 15. */
export class ReadMembersStore extends Store<ReadMembersState> {
  readonly #port: GroupPort | null;
  #message: ChatMessage | null = null;

  constructor(port: GroupPort | null) {
    super(CLOSED);
    this.#port = port;
  }

  open(message: ChatMessage): void {
    this.#message = message;
    this.set({ messageID: message.ID, lists: { 0: START, 1: START } });
    this.more(0);
    this.more(1);
  }

  close(): void {
    this.#message = null;
    this.set(CLOSED);
  }

  more(filter: ReadFilter): void {
    const message = this.#message;
    const from = this.getSnapshot().lists[filter];
    if (!message || !this.#port || from.loading || from.isCompleted) return;
    this.#put(filter, { ...from, loading: true });
    this.#port.getGroupMessageReadMemberList({ message, filter, cursor: from.cursor, count: READ_PAGE }).then(
      ({ data }) => {
        if (this.#message !== message) return;
        const page = (filter === 0 ? data.readUserIDList : data.unreadUserIDList) ?? [];
        const known = new Set(from.userIDs);
        this.#put(filter, {
          userIDs: [...from.userIDs, ...page.filter((id) => !known.has(id))],
          cursor: data.cursor,
          isCompleted: data.isCompleted,
          loading: false,
          error: null,
        });
      },
      (err: unknown) => {
        if (this.#message !== message) return;
        const { code, message: text } = asFailure(err);
        this.#put(filter, { ...from, loading: false, error: { code, message: text } });
      },
    );
  }

  #put(filter: ReadFilter, list: ReadList): void {
    const state = this.getSnapshot();
    this.set({ ...state, lists: { ...state.lists, [filter]: list } });
  }
}
