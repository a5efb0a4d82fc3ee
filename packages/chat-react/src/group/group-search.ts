import { Store } from '../core/store.ts';
import type { ChatGroup } from './group-port.ts';
import { type JoinButton, joinButton } from './join-rule.ts';

/** Seed 001 §2.6 / §5: a group ID to search for is trimmed; an empty one does nothing (null). */
export function groupSearchQuery(input: string): string | null {
  const id = input.trim();
  return id === '' ? null : id;
}

/** What the search asks of the kit's group actions (`GroupActions`), narrowed so the rules are unit-tested. */
export interface GroupSearchActions {
  search(groupID: string): Promise<{ group: ChatGroup } | { error: unknown } | null>;
  join(group: ChatGroup, applyMessage: string): Promise<string | null>;
  hasApplied(groupID: string): boolean;
  hasJoined(groupID: string): boolean;
}

export interface GroupSearchState {
  query: string;
  /** The group found by the last search; null before one and after a failed one. */
  group: ChatGroup | null;
  /** The last search failed: 'group does not exist' (seed 001 §8). */
  notFound: boolean;
  applyMessage: string;
  /** A search or a join is under way (Enter and the join button wait). */
  busy: boolean;
  /** Bumped by a join: the actions remember its answer, so the button is read again. */
  answered: number;
}

const EMPTY: GroupSearchState = { query: '', group: null, notFound: false, applyMessage: '', busy: false, answered: 0 };

/**
 * 'Add group chat' (seed 001 §2.6, §4, §5, §8; rules KCNT5, KCNT16), shared by the contact column's inline box and
 * the new-chat menu's dialog: Enter searches the trimmed ID (empty does nothing); a failure shows 'group does not
 * exist' and clears the result; the found group offers join / apply (verification message, default 'join group') /
 * 'already applied' / 'already joined' (KGRP9); reset (cancel, close) forgets everything, a late answer included.
 */
export class GroupSearchStore extends Store<GroupSearchState> {
  readonly #actions: GroupSearchActions;
  #generation = 0;

  constructor(actions: GroupSearchActions) {
    super(EMPTY);
    this.#actions = actions;
  }

  setQuery(query: string): void {
    this.set({ ...this.getSnapshot(), query, notFound: false });
  }

  setApplyMessage(applyMessage: string): void {
    this.set({ ...this.getSnapshot(), applyMessage });
  }

  /** Enter in the box. Resolves once the answer is shown (or ignored). */
  async submit(): Promise<void> {
    const state = this.getSnapshot();
    const id = groupSearchQuery(state.query);
    if (id === null || state.busy) return;
    const generation = this.#generation;
    this.set({ ...state, busy: true });
    const found = await this.#actions.search(id);
    if (generation !== this.#generation) return;
    const now = this.getSnapshot();
    if (found !== null && 'group' in found) {
      this.set({ ...now, busy: false, group: found.group, notFound: false, applyMessage: '' });
    } else {
      this.set({ ...now, busy: false, group: null, notFound: found !== null });
    }
  }

  /** Join or apply; an empty verification message sends `defaultMessage` (seed 001 §5). */
  async join(defaultMessage: string): Promise<void> {
    const state = this.getSnapshot();
    if (!state.group || state.busy) return;
    const generation = this.#generation;
    this.set({ ...state, busy: true });
    await this.#actions.join(state.group, state.applyMessage.trim() || defaultMessage);
    if (generation !== this.#generation) return;
    const now = this.getSnapshot();
    this.set({ ...now, busy: false, answered: now.answered + 1 });
  }

  /** The button of the found group; `joinedIDs` are the groups the user is in (the group list). */
  button(joinedIDs: ReadonlySet<string>): JoinButton | null {
    const { group } = this.getSnapshot();
    if (!group) return null;
    const member = joinedIDs.has(group.groupID) || this.#actions.hasJoined(group.groupID);
    return joinButton(group.joinOption, member, this.#actions.hasApplied(group.groupID));
  }

  /** Cancel or close: the box empties, the result goes, an answer still on its way is dropped. */
  reset(): void {
    this.#generation += 1;
    this.set(EMPTY);
  }
}
