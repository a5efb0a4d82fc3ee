/** Entries kept in each map; the least recently used is dropped first. */
const MAX_ENTRIES = 50_000;

export interface Profile {
  nick: string;
  avatar: string;
}

/** A Map in recency order: a hit moves the key to the end, an insertion past `max` drops the oldest. */
class Lru<V> {
  readonly #map = new Map<string, V>();
  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const value = this.#map.get(key);
    if (value === undefined) return undefined;
    this.#map.delete(key);
    this.#map.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.#map.delete(key);
    if (this.#map.size >= this.max) {
      const oldest = this.#map.keys().next().value;
      if (oldest !== undefined) this.#map.delete(oldest);
    }
    this.#map.set(key, value);
  }

  delete(key: string): void {
    this.#map.delete(key);
  }

  get size(): number {
    return this.#map.size;
  }
}

/**
 * What the PostgreSQL send path of this node last knew of the conversations and accounts it writes to (rule SP7):
 * each conversation's last sequence and each account's nick and avatar, as read by `peek` or `check` or left by
 * this node's own writes. A batch whose conversations and accounts are all known skips `peek` and goes straight to
 * `writeIf`. Nothing here is trusted: `writeIf` moves a conversation only from the sequence planned from, and
 * stores a row only if its sender still has the nick and avatar it was rendered with and its receiver still has an
 * account, so a stale entry costs one failed statement (the batch's entries are dropped and read again), never a
 * wrong sequence, nick or refusal. Hence no bus topic and no lifetime: another node's writes and profile changes
 * are found by the next write that depends on them.
 */
export class SendCache {
  readonly #last: Lru<number>;
  readonly #profiles: Lru<Profile>;

  constructor(max = MAX_ENTRIES) {
    this.#last = new Lru(max);
    this.#profiles = new Lru(max);
  }

  /** The last sequences and profiles a batch needs, or undefined when one of them is not known. */
  plan(conversations: Iterable<string>, users: Iterable<string>) {
    const last = new Map<string, number>();
    const profiles = new Map<string, Profile>();
    for (const id of conversations) {
      if (last.has(id)) continue;
      const seq = this.#last.get(id);
      if (seq === undefined) return undefined;
      last.set(id, seq);
    }
    for (const id of users) {
      if (profiles.has(id)) continue;
      const profile = this.#profiles.get(id);
      if (!profile) return undefined;
      profiles.set(id, profile);
    }
    return { last, profiles };
  }

  /** What was read (`peek`, `check`) or committed: each conversation's last sequence, each account's profile. */
  learn(last: ReadonlyMap<string, number>, profiles?: ReadonlyMap<string, Profile>): void {
    for (const [id, seq] of last) this.#last.set(id, seq);
    if (profiles) for (const [id, p] of profiles) this.#profiles.set(id, p);
  }

  /** A write planned from these entries failed (another writer, a changed profile, a stored ID): forget them. */
  forget(conversations: Iterable<string>, users: Iterable<string>): void {
    for (const id of conversations) this.#last.delete(id);
    for (const id of users) this.#profiles.delete(id);
  }

  get size(): { conversations: number; profiles: number } {
    return { conversations: this.#last.size, profiles: this.#profiles.size };
  }
}
