import { Store } from '../core/store.ts';

/** The contact screen's left column (seed 001 §2.6, §4): which section is open and what the right pane shows. */
export type ContactSection = 'system' | 'group' | 'friend' | 'none';

export type ContactSelection =
  | { kind: 'none' }
  | { kind: 'system' }
  | { kind: 'requests' }
  | { kind: 'group'; groupID: string }
  | { kind: 'friend'; userID: string };

export interface ContactColumnState {
  section: ContactSection;
  selection: ContactSelection;
}

export interface ContactColumnEffects {
  /** Whether the screen is the desktop layout (groups auto-select their first entry only there). */
  isDesktop: () => boolean;
  /** The groups in the order the column lists them. */
  groupIDs: () => readonly string[];
  /** Opening the system section loads the system messages… */
  loadSystemMessages: () => void;
  /** …and marks the system conversation read. */
  markSystemRead: () => void;
}

const NONE: ContactColumnState = { section: 'none', selection: { kind: 'none' } };

/**
 * Seed 001 §4 'Contact column': one of system, group, friend or none. Selecting the open section again collapses it;
 * opening groups on desktop selects the first group; opening the system section loads the system messages and
 * marks them read. Kept apart from React so the rules are unit-tested (decision 0017).
 */
export class ContactColumnStore extends Store<ContactColumnState> {
  readonly #fx: ContactColumnEffects;

  constructor(effects: ContactColumnEffects) {
    super(NONE);
    this.#fx = effects;
  }

  toggle(section: Exclude<ContactSection, 'none'>): void {
    const { section: open, selection } = this.getSnapshot();
    if (open === section) {
      this.set({ section: 'none', selection });
      return;
    }
    if (section === 'system') {
      this.set({ section, selection: { kind: 'system' } });
      this.#fx.loadSystemMessages();
      this.#fx.markSystemRead();
      return;
    }
    if (section === 'group' && this.#fx.isDesktop()) {
      const first = this.#fx.groupIDs()[0];
      this.set({ section, selection: first ? { kind: 'group', groupID: first } : selection });
      return;
    }
    this.set({ section, selection });
  }

  selectGroup(groupID: string): void {
    this.set({ ...this.getSnapshot(), selection: { kind: 'group', groupID } });
  }

  selectFriend(userID: string): void {
    this.set({ ...this.getSnapshot(), selection: { kind: 'friend', userID } });
  }

  /** 'New friends' in the friends section: the friend requests in the right pane (decision 0017). */
  selectRequests(): void {
    this.set({ ...this.getSnapshot(), selection: { kind: 'requests' } });
  }

  /** The system notification entry, chosen again while its section is open (the section stays open). */
  selectSystem(): void {
    this.set({ ...this.getSnapshot(), selection: { kind: 'system' } });
  }

  /** The mobile back arrow: the right pane closes, the column stays as it was. */
  back(): void {
    this.set({ ...this.getSnapshot(), selection: { kind: 'none' } });
  }
}
