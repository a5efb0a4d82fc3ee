import { Store } from '../core/store.ts';

/** A person's shown name: the group name card, else the nickname, else the user ID (KGRP15). */
export type NameOf = (userID: string) => string;

/** The SDK method the cache reads nicknames with (reference §8 getUserProfile). */
export interface NamePort {
  getUserProfile?(options: {
    userIDList: string[];
  }): Promise<{ data: { userID: string; nick?: string; role?: number }[] }>;
}

/** getUserProfile takes at most 100 IDs a call. */
const BATCH = 100;
/** The role of a deleted account's profile (decision 0051, PDAT13): its messages name a deleted user. */
const DELETED_USER_ROLE = -1;

/**
 * The one name resolver of the kit (KGRP15): every place that names a person (tips, system notices, previews, the
 * blocklist, mentions, read-receipt lists) asks here. Nicknames are cached per user and learnt from what passes by
 * (messages, member lists, tip payloads); an unknown user is looked up once, in one batched getUserProfile call per
 * tick, and every subscriber re-renders when the answer arrives. The snapshot is a version number.
 */
export class NameStore extends Store<number> {
  readonly #port: NamePort;
  readonly #nicks = new Map<string, string>();
  /** `groupID\nuserID` → name card. */
  readonly #cards = new Map<string, string>();
  readonly #asked = new Set<string>();
  readonly #deleted = new Set<string>();
  readonly #deletedName: () => string;
  #queue = new Set<string>();

  /** `deletedName`: the words for a deleted account in the language showing (PDAT22). */
  constructor(port: NamePort, deletedName: () => string = () => '') {
    super(0);
    this.#port = port;
    this.#deletedName = deletedName;
  }

  /** Records what a message, profile or member list says about someone; a non-empty value wins. */
  learn(
    people: readonly {
      userID?: string;
      nick?: string | undefined;
      nameCard?: string | undefined;
      role?: unknown;
    }[],
    groupID = '',
  ): void {
    let changed = false;
    for (const p of people) {
      if (!p.userID) continue;
      if (p.role === DELETED_USER_ROLE && !this.#deleted.has(p.userID)) {
        this.#deleted.add(p.userID);
        this.#nicks.set(p.userID, '');
        changed = true;
      }
      if (p.nick && this.#nicks.get(p.userID) !== p.nick) {
        this.#nicks.set(p.userID, p.nick);
        changed = true;
      }
      if (groupID && p.nameCard !== undefined && this.#cards.get(`${groupID}\n${p.userID}`) !== p.nameCard) {
        this.#cards.set(`${groupID}\n${p.userID}`, p.nameCard);
        changed = true;
      }
    }
    if (changed) this.set(this.getSnapshot() + 1);
  }

  /** The nickname when known ('' otherwise, and then it is looked up). */
  nick(userID: string): string {
    const known = this.#nicks.get(userID);
    if (known !== undefined) return known;
    this.#lookUp(userID);
    return '';
  }

  /** Resolves once every named user's nickname is known or was looked up (a title written once, KACT24). */
  async ensure(userIDs: readonly string[]): Promise<void> {
    const unknown = userIDs.filter((id) => id && !this.#nicks.has(id));
    if (unknown.length === 0 || !this.#port.getUserProfile) return;
    for (const id of unknown) this.#asked.add(id);
    try {
      const { data } = await this.#port.getUserProfile({ userIDList: [...new Set(unknown)] });
      this.learn(data);
    } catch (err) {
      console.warn('[parley-chat] getUserProfile for names failed', err);
    }
  }

  /** The resolver of one context: in a group the name card comes first (KGRP15). */
  nameOf(groupID?: string | null): NameOf {
    return (userID: string) => {
      if (!userID) return '';
      if (this.#deleted.has(userID)) return this.#deletedName() || userID;
      const card = groupID ? this.#cards.get(`${groupID}\n${userID}`) : undefined;
      return card || this.nick(userID) || userID;
    };
  }

  #lookUp(userID: string): void {
    if (this.#asked.has(userID) || !this.#port.getUserProfile) return;
    this.#asked.add(userID);
    this.#queue.add(userID);
    if (this.#queue.size === 1) queueMicrotask(() => this.#flush());
  }

  #flush(): void {
    const ids = [...this.#queue];
    this.#queue = new Set();
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      this.#port.getUserProfile?.({ userIDList: batch }).then(
        ({ data }) => this.learn(data),
        (err: unknown) => console.warn('[parley-chat] getUserProfile for names failed', err),
      );
    }
  }
}
