import { Store } from '../core/store.ts';
import type { ChatGroupMember, GroupPort } from './group-port.ts';
import { matchesMention } from './mention.ts';
import { MEMBER_PAGE } from './roles.ts';

/** Enough matches to fill the picker: the scan stops here and goes on only if the query changes. */
export const SEARCH_MATCHES = 20;

export interface MemberSearchState {
  /** Members read from the server so far for this '@' (every page scanned, in member-list order). */
  members: readonly ChatGroupMember[];
  searching: boolean;
}

const EMPTY: MemberSearchState = { members: [], searching: false };

/**
 * The mention picker's search of a large group (KGRP13): the open group loads its first 100 members only, so a query
 * that those do not answer pages the server's member list (getGroupMemberList, 100 a page) until it has enough
 * matches by nick or user ID prefix, ignoring case, or every member was read. One page is in flight at a time; the
 * pages read stay for the rest of this '@' (each new '@' starts again, so joins and leaves are seen).
 */
export class MemberSearch extends Store<MemberSearchState> {
  readonly #port: GroupPort | null;
  readonly #me: () => string;
  #groupID: string | null = null;
  #query = '';
  #offset: number | null = 0;
  #busy = false;
  #generation = 0;

  constructor(port: GroupPort | null, me: () => string) {
    super(EMPTY);
    this.#port = port;
    this.#me = me;
  }

  /** A new '@' (or another group): forget what was read. */
  reset(groupID: string | null): void {
    this.#generation += 1;
    this.#groupID = groupID;
    this.#offset = 0;
    this.#busy = false;
    this.set(EMPTY);
  }

  search(query: string): void {
    this.#query = query;
    this.#next();
  }

  #enough(): boolean {
    const me = this.#me();
    const found = this.getSnapshot().members.filter((m) => m.userID !== me && matchesMention(m, this.#query));
    return found.length >= SEARCH_MATCHES;
  }

  #next(): void {
    const port = this.#port;
    const groupID = this.#groupID;
    if (!port || !groupID || this.#busy || this.#offset === null || this.#enough()) {
      if (this.getSnapshot().searching && !this.#busy) this.set({ ...this.getSnapshot(), searching: false });
      return;
    }
    const generation = this.#generation;
    this.#busy = true;
    this.set({ ...this.getSnapshot(), searching: true });
    port.getGroupMemberList({ groupID, count: MEMBER_PAGE, offset: this.#offset }).then(
      ({ data }) => {
        if (generation !== this.#generation) return;
        this.#busy = false;
        const read = this.getSnapshot().members;
        const known = new Set(read.map((m) => m.userID));
        const added = data.memberList.filter((m) => !known.has(m.userID));
        const offset = typeof data.offset === 'number' ? data.offset : 0;
        this.#offset = offset > 0 && data.memberList.length > 0 ? offset : null;
        this.set({ members: [...read, ...added], searching: false });
        this.#next();
      },
      (err: unknown) => {
        if (generation !== this.#generation) return;
        console.warn('[parley-chat] getGroupMemberList failed', err);
        this.#busy = false;
        this.#offset = null;
        this.set({ ...this.getSnapshot(), searching: false });
      },
    );
  }
}
