import { Store } from '../core/store.ts';
import { type ChatEvent, type ChatPort, EVENT } from '../provider/chat-port.ts';
import type { ChatFriend, ChatFriendApplication, ChatUserStatus, ContactPort } from './contact-port.ts';

/** The reads the friend store makes. */
export type FriendReadPort = Pick<
  ContactPort,
  'getFriendList' | 'getFriendApplicationList' | 'getUserStatus' | 'subscribeUserStatus'
>;

export interface FriendState {
  friends: readonly ChatFriend[];
  applications: readonly ChatFriendApplication[];
  unreadApplications: number;
  /** statusType by user ID (1 online, 2 offline), for the online dots. */
  online: ReadonlyMap<string, boolean>;
}

const EMPTY: FriendState = { friends: [], applications: [], unreadApplications: 0, online: new Map() };
/** Reference §6: subscribeUserStatus takes at most 100 IDs per call. */
const SUBSCRIBE_BATCH = 100;

/**
 * The friend list, friend requests and friends' online state from the SDK (getFriendList, then FRIEND_LIST_UPDATED;
 * FRIEND_APPLICATION_LIST_UPDATED; USER_STATUS_UPDATED). With online status display on, the friends are subscribed
 * to and their status read once; calls with no IDs are not made (seed 001 §5).
 */
export class FriendStore extends Store<FriendState> {
  readonly #port: FriendReadPort | null;
  readonly #showOnline: () => boolean;
  #subscribed = new Set<string>();

  /** `showOnline` is read at each change: the setting may be switched on while the kit runs (then call `watch`). */
  constructor(port: FriendReadPort | null, showOnline: boolean | (() => boolean)) {
    super(EMPTY);
    this.#port = port;
    this.#showOnline = typeof showOnline === 'function' ? showOnline : () => showOnline;
  }

  attach(chat: ChatPort): () => void {
    const friends = (e: ChatEvent) => {
      if (Array.isArray(e.data)) this.#friends(e.data as ChatFriend[]);
    };
    const applications = (e: ChatEvent) => {
      const d = e.data as { friendApplicationList?: ChatFriendApplication[]; unreadCount?: number } | undefined;
      if (Array.isArray(d?.friendApplicationList))
        this.update((s) => ({
          ...s,
          applications: d.friendApplicationList ?? [],
          unreadApplications: d.unreadCount ?? 0,
        }));
    };
    const statuses = (e: ChatEvent) => {
      if (Array.isArray(e.data)) this.#statuses(e.data as ChatUserStatus[]);
    };
    const ready = () => this.load();
    chat.on(EVENT.FRIEND_LIST_UPDATED, friends);
    chat.on(EVENT.FRIEND_APPLICATION_LIST_UPDATED, applications);
    chat.on(EVENT.USER_STATUS_UPDATED, statuses);
    chat.on(EVENT.SDK_READY, ready);
    if (chat.isReady()) this.load();
    return () => {
      chat.off(EVENT.FRIEND_LIST_UPDATED, friends);
      chat.off(EVENT.FRIEND_APPLICATION_LIST_UPDATED, applications);
      chat.off(EVENT.USER_STATUS_UPDATED, statuses);
      chat.off(EVENT.SDK_READY, ready);
    };
  }

  load(): void {
    const port = this.#port;
    if (!port) return;
    port.getFriendList().then(
      ({ data }) => this.#friends(data),
      (err: unknown) => console.warn('[parley-chat] getFriendList failed', err),
    );
    port.getFriendApplicationList().then(
      ({ data }) =>
        this.update((s) => ({ ...s, applications: data.friendApplicationList, unreadApplications: data.unreadCount })),
      (err: unknown) => console.warn('[parley-chat] getFriendApplicationList failed', err),
    );
  }

  #friends(list: readonly ChatFriend[]): void {
    this.update((s) => ({ ...s, friends: list }));
    this.watch(list.map((f) => f.userID));
  }

  /**
   * Online dots for more users than the friends (one-to-one peers in the conversation list, the chat header, a
   * profile card, KCNT12): each is subscribed to and read once, 100 per call; nothing is asked for no IDs or with
   * the display off.
   */
  watch(userIDs: readonly string[]): void {
    if (!this.#showOnline() || !this.#port) return;
    const fresh = [...new Set(userIDs)].filter((id) => id !== '' && !this.#subscribed.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) this.#subscribed.add(id);
    const port = this.#port;
    for (let i = 0; i < fresh.length; i += SUBSCRIBE_BATCH) {
      const batch = fresh.slice(i, i + SUBSCRIBE_BATCH);
      void port.subscribeUserStatus({ userIDList: batch }).catch(() => undefined);
      port.getUserStatus({ userIDList: batch }).then(
        ({ data }) => this.#statuses(data.successUserList),
        () => undefined,
      );
    }
  }

  #statuses(list: readonly ChatUserStatus[]): void {
    this.update((s) => {
      const online = new Map(s.online);
      for (const st of list) online.set(st.userID, st.statusType === 1);
      return { ...s, online };
    });
  }
}
