import { Coalescer } from '../core/coalescer.ts';
import type { Group } from './group.ts';

interface Deps {
  /** Announces the full list (GROUP_LIST_UPDATED); the store coalesces bursts into one call. */
  emit: (groupList: Group[]) => void;
  coalesceMs: () => number;
  isReady: () => boolean;
  /** One group was added, changed or removed (its conversation shows the profile). */
  changed: (groupID: string) => void;
}

/**
 * The groups the logged-in user is in (reference §5 getGroupList). The server is the authority: the list is re-read
 * at login and after anything that may change it (a tip, a notice, a change push), and single groups are replaced
 * by the profiles the server returns from each operation.
 */
export class GroupStore {
  readonly #deps: Deps;
  readonly #groups = new Map<string, Group>();
  readonly #event: Coalescer;
  #synced = false;

  constructor(deps: Deps) {
    this.#deps = deps;
    this.#event = new Coalescer(
      () => this.#emit(),
      () => deps.coalesceMs(),
    );
  }

  /** False until the first list arrived (getGroupList's `isSyncCompleted`). */
  get synced(): boolean {
    return this.#synced;
  }

  get(groupID: string): Group | undefined {
    return this.#groups.get(groupID);
  }

  list(): Group[] {
    return [...this.#groups.values()];
  }

  /** The server's full list: groups missing from it were left, dismissed or lost meanwhile. */
  replaceAll(groups: Group[]): void {
    const before = this.#groups.size;
    const changed = groups.some((g) => !same(this.#groups.get(g.groupID), g)) || groups.length !== before;
    const touched = new Set([...this.#groups.keys(), ...groups.map((g) => g.groupID)]);
    const previous = new Map(this.#groups);
    this.#groups.clear();
    for (const group of groups) this.#groups.set(group.groupID, group);
    this.#synced = true;
    if (!changed) return;
    this.#event.schedule();
    for (const groupID of touched) {
      const now = this.#groups.get(groupID);
      if (!now || !same(previous.get(groupID), now)) this.#deps.changed(groupID);
    }
  }

  upsert(group: Group): void {
    if (same(this.#groups.get(group.groupID), group)) return;
    this.#groups.set(group.groupID, group);
    this.#event.schedule();
    this.#deps.changed(group.groupID);
  }

  remove(groupID: string): void {
    if (!this.#groups.delete(groupID)) return;
    this.#event.schedule();
    this.#deps.changed(groupID);
  }

  /** After SDK_READY the application gets the list once, as TIM emits it after its ready-list. */
  becameReady(): void {
    this.#event.schedule();
  }

  reset(): void {
    this.#groups.clear();
    this.#synced = false;
    this.#event.cancel();
  }

  #emit(): void {
    if (this.#deps.isReady()) this.#deps.emit(this.list());
  }
}

function same(a: Group | undefined, b: Group): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}
