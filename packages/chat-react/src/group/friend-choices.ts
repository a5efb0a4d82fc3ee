import { friendListOf } from '../contacts/contact-port.ts';
import { Store } from '../core/store.ts';

export interface FriendChoice {
  userID: string;
  /** Remark, then nick, then user ID (seed 001 §5's naming order). */
  name: string;
  avatar: string;
}

export interface FriendChoicesState {
  /** 'none': the SDK has no relationship module, so members are picked by user ID only. */
  status: 'idle' | 'loading' | 'ready' | 'error' | 'none';
  friends: readonly FriendChoice[];
}

/**
 * The friends the new-group dialog offers as members (KGRP12): read once per opening with
 * getFriendList; the user's own ID and duplicates never appear. No friends (or no relationship module) leaves the
 * user-ID field as the way to add members.
 */
export class FriendChoices extends Store<FriendChoicesState> {
  readonly #chat: object;
  #epoch = 0;

  constructor(chat: object) {
    super({ status: 'idle', friends: [] });
    this.#chat = chat;
  }

  load(selfID: string): void {
    const port = friendListOf(this.#chat);
    if (!port) {
      this.set({ status: 'none', friends: [] });
      return;
    }
    const epoch = ++this.#epoch;
    this.set({ status: 'loading', friends: this.getSnapshot().friends });
    port.getFriendList().then(
      ({ data }) => {
        if (epoch !== this.#epoch) return;
        const seen = new Set<string>([selfID]);
        const friends: FriendChoice[] = [];
        for (const f of data) {
          if (seen.has(f.userID)) continue;
          seen.add(f.userID);
          const name = f.remark || f.profile?.nick || f.userID;
          friends.push({ userID: f.userID, name, avatar: f.profile?.avatar ?? '' });
        }
        this.set({ status: 'ready', friends });
      },
      (err: unknown) => {
        if (epoch !== this.#epoch) return;
        console.warn('[parley-chat] getFriendList failed', err);
        this.set({ status: 'error', friends: [] });
      },
    );
  }
}
