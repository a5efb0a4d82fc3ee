import type { BusEvent, EventBus, Storage } from '../ports.ts';

/** Every node hears every blocklist change on this topic and updates its copy. */
const TOPIC = 'contacts:blocklists';
const EVENT = 'blocklist.replaced';

interface BlockCopy {
  /** blocker → the users they blocked. */
  readonly blocks: Map<string, Set<string>>;
  loaded: boolean;
  ready: Promise<void>;
}

/** This node's blocklist copy, part of the domain (app/build-domain.ts): empty until its first use or start-up. */
export interface BlockCache {
  readonly storage: Pick<Storage, 'contacts'>;
  readonly bus: Pick<EventBus, 'subscribe'>;
  copy: BlockCopy | undefined;
}

export function createBlockCache(storage: Pick<Storage, 'contacts'>, bus: Pick<EventBus, 'subscribe'>): BlockCache {
  return { storage, bus, copy: undefined };
}

/** What the functions below need of the domain. */
type WithBlocks = { readonly blocks: BlockCache };

function replace(cache: BlockCopy, blocker: string, list: readonly string[]): void {
  if (list.length === 0) cache.blocks.delete(blocker);
  else cache.blocks.set(blocker, new Set(list));
}

/**
 * The node's copy of every blocklist (decision 0017): subscribed to changes first, then loaded, so no change made
 * during the load is missed. Blocklists are small (at most 1,000 IDs each) and change rarely next to messages.
 */
function cacheOf({ blocks: holder }: WithBlocks): BlockCopy {
  const known = holder.copy;
  if (known) return known;
  const cache: BlockCopy = { blocks: new Map(), loaded: false, ready: Promise.resolve() };
  cache.ready = load(holder, cache);
  // A failed load is retried by the next call.
  cache.ready.catch(() => {
    holder.copy = undefined;
  });
  holder.copy = cache;
  return cache;
}

async function load(d: BlockCache, cache: BlockCopy): Promise<void> {
  const heard = new Set<string>();
  await d.bus.subscribe(TOPIC, (event) => {
    if (event.type === EVENT && typeof event.blocker === 'string' && Array.isArray(event.blacklist)) {
      heard.add(event.blocker);
      replace(cache, event.blocker, event.blacklist as string[]);
    }
  });
  const loaded = new Map<string, Set<string>>();
  for (const { userID, blockedID } of await d.storage.contacts.allBlocks()) {
    const set = loaded.get(userID) ?? new Set<string>();
    set.add(blockedID);
    loaded.set(userID, set);
  }
  // Changes heard during the load are newer than what was read: they win.
  for (const [userID, set] of loaded) if (!heard.has(userID)) cache.blocks.set(userID, set);
  cache.loaded = true;
}

/** Loads the copy at start-up, so no send waits for it. */
export function warmBlockCache(d: WithBlocks): Promise<void> {
  return cacheOf(d).ready;
}

/**
 * Runs `onBlocked` when `blocker` blocked `blocked`: synchronously once the copy is loaded (undefined returned),
 * else after the load (a promise).
 */
export function whenBlocked(
  d: WithBlocks,
  blocker: string,
  blocked: string,
  onBlocked: () => void,
): Promise<void> | undefined {
  const cache = cacheOf(d);
  const check = () => {
    if (cache.blocks.get(blocker)?.has(blocked)) onBlocked();
  };
  if (cache.loaded) {
    check();
    return undefined;
  }
  return cache.ready.then(check);
}

/** Inside the changing transaction: every node (this one included) replaces its copy after the commit. */
export function blocklistChanged(
  emit: (topic: string, event: BusEvent) => void,
  blocker: string,
  blacklist: readonly string[],
): void {
  emit(TOPIC, { type: EVENT, blocker, blacklist: [...blacklist] });
}

/** After the commit, this node's copy changes at once (the bus may take a moment); returns the list. */
export function applied(d: WithBlocks, blocker: string, blacklist: string[]): string[] {
  const cache = d.blocks.copy;
  if (cache) replace(cache, blocker, blacklist);
  return blacklist;
}

/** The users `blocker` blocked, from the node's copy (loaded first when it is not yet). */
export async function blockedBy(d: WithBlocks, blocker: string): Promise<ReadonlySet<string>> {
  const cache = cacheOf(d);
  if (!cache.loaded) await cache.ready;
  return cache.blocks.get(blocker) ?? EMPTY;
}

/** True when `blocker` blocked `blocked` (rule ABU11: nothing of the blocked user's reaches the blocker). */
export async function isBlockedBy(d: WithBlocks, blocker: string, blocked: string) {
  return blocker !== blocked && (await blockedBy(d, blocker)).has(blocked);
}

/**
 * Those of `userIDs` who blocked `actor`: nobody is put in a group by a user they blocked (ABU12), and their presence
 * is not that user's to see (ABU13).
 */
export async function blockersAmong(d: WithBlocks, actor: string, userIDs: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const u of userIDs) if (await isBlockedBy(d, u, actor)) found.add(u);
  return found;
}

const EMPTY: ReadonlySet<string> = new Set();
