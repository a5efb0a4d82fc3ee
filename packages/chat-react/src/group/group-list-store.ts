import { GroupRosterStore } from '../contacts/group-roster.ts';
import { Store } from '../core/store.ts';
import type { ChatPort } from '../provider/chat-port.ts';
import type { GroupPort } from './group-port.ts';

/**
 * The IDs of the groups the user is in: 'already joined' in the search. Derived from the roster of joined groups
 * (getGroupList, then GROUP_LIST_UPDATED), which the contact screen's 'my groups' lists (decision 0017).
 */
export class GroupListStore extends Store<ReadonlySet<string>> {
  readonly roster: GroupRosterStore;

  constructor(port: GroupPort | null) {
    super(new Set());
    this.roster = new GroupRosterStore(port);
    this.roster.subscribe(() => this.set(new Set(this.roster.getSnapshot().map((g) => g.groupID))));
  }

  attach(chat: ChatPort): () => void {
    return this.roster.attach(chat);
  }

  load(): void {
    this.roster.load();
  }
}
