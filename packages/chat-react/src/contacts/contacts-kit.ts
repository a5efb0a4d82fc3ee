import type { GroupPort } from '../group/group-port.ts';
import type { Translate } from '../i18n/translate.ts';
import { asFailure, type ChatEvent, type ChatPort, EVENT, TYPES } from '../provider/chat-port.ts';
import { ContactColumnStore } from './contact-column.ts';
import { type ChatProfile, type ContactPort, contactPortOf, type ProfileEdit } from './contact-port.ts';
import { contactErrorKey } from './contact-rules.ts';
import { FriendStore } from './friend-store.ts';
import type { GroupRosterStore } from './group-roster.ts';
import { OnlineSetting, ValueStore } from './value-store.ts';

/** The chat home's three screens (decision 0017: the contact screen next to the chat; the user's own profile). */
export type HomeTab = 'chat' | 'contacts' | 'me';

export type ContactResult = { ok: true } | { ok: false; code: number; text: string };

interface Deps {
  chat: ChatPort;
  groupPort: GroupPort | null;
  /** The joined groups, followed by the kit's group list (attached there, not here). */
  groups: GroupRosterStore;
  t: Translate;
  toast: (text: string) => void;
  openConversation: (conversationID: string) => void;
  openSystem: () => void;
  /** Told of a nickname change or a dismiss the server accepted (demo mode, decision 0054). */
  did?: (deed: 'nickname' | 'dismiss') => void;
}

const MOBILE_QUERY = '(max-width: 768px)';

export function isDesktopScreen(): boolean {
  return typeof matchMedia !== 'function' || !matchMedia(MOBILE_QUERY).matches;
}

/**
 * The people side of the kit (decision 0017): friends and requests, groups, blocklist, the user's own profile, the
 * 'show online status' setting, the open home tab and profile card, and the writes behind their buttons. Everything
 * goes through the SDK; a refusal shows in the shared toast with the product's text and is answered `ok: false`.
 */
export class ContactsKit {
  readonly port: ContactPort | null;
  readonly showOnline = new OnlineSetting();
  readonly friends: FriendStore;
  readonly groups: GroupRosterStore;
  readonly column: ContactColumnStore;
  readonly blocked = new ValueStore<ReadonlySet<string>>(new Set());
  readonly me = new ValueStore<ChatProfile | null>(null);
  readonly tab = new ValueStore<HomeTab>('chat');
  /** The user whose profile card is open (decision 0017), or null. */
  readonly card = new ValueStore<string | null>(null);
  readonly #deps: Deps;

  constructor(deps: Deps) {
    this.#deps = deps;
    this.port = contactPortOf(deps.chat);
    this.friends = new FriendStore(this.port, () => this.showOnline.getSnapshot());
    this.groups = deps.groups;
    this.column = new ContactColumnStore({
      isDesktop: isDesktopScreen,
      groupIDs: () => this.groups.getSnapshot().map((g) => g.groupID),
      loadSystemMessages: deps.openSystem,
      // The system store marks the system conversation read as it opens (KCNT3).
      markSystemRead: () => undefined,
    });
  }

  attach(): () => void {
    const chat = this.#deps.chat;
    const profiles = (e: ChatEvent) => {
      const self = chat.getLoginUser();
      const mine = Array.isArray(e.data) ? (e.data as ChatProfile[]).find((p) => p.userID === self) : undefined;
      if (mine) this.me.put(mine);
    };
    const blacklist = (e: ChatEvent) => {
      if (Array.isArray(e.data)) this.blocked.put(new Set(e.data as string[]));
    };
    const ready = () => this.#load();
    chat.on(EVENT.PROFILE_UPDATED, profiles);
    chat.on(EVENT.BLACKLIST_UPDATED, blacklist);
    chat.on(EVENT.SDK_READY, ready);
    if (chat.isReady()) this.#load();
    const undo = [
      this.friends.attach(chat),
      this.showOnline.subscribe(() => {
        if (this.showOnline.getSnapshot()) this.friends.watch(this.friends.getSnapshot().friends.map((f) => f.userID));
      }),
    ];
    return () => {
      chat.off(EVENT.PROFILE_UPDATED, profiles);
      chat.off(EVENT.BLACKLIST_UPDATED, blacklist);
      chat.off(EVENT.SDK_READY, ready);
      for (const fn of undo) fn();
    };
  }

  #load(): void {
    const port = this.port;
    if (!port) return;
    port.getMyProfile().then(
      ({ data }) => this.me.put(data),
      (err: unknown) => console.warn('[parley-chat] getMyProfile failed', err),
    );
    port.getBlacklist().then(
      ({ data }) => this.blocked.put(new Set(data)),
      (err: unknown) => console.warn('[parley-chat] getBlacklist failed', err),
    );
  }

  async #run<T>(call: (port: ContactPort) => Promise<T>, quiet = false): Promise<ContactResult & { value?: T }> {
    try {
      if (!this.port) throw Object.assign(new Error(this.#deps.t('contacts.errors.noModule')), { code: 0 });
      return { ok: true, value: await call(this.port) };
    } catch (err) {
      const failure = asFailure(err);
      const key = contactErrorKey(failure.code);
      const text = key ? this.#deps.t(key) : failure.message || this.#deps.t('errors.network');
      if (!quiet) this.#deps.toast(text);
      return { ok: false, code: failure.code, text };
    }
  }

  /** A user's profile by ID (add friend, profile card); null when the user does not exist. */
  async findUser(userID: string): Promise<ChatProfile | null> {
    const id = userID.trim();
    if (!id) return null;
    const result = await this.#run((p) => p.getUserProfile({ userIDList: [id] }), true);
    return result.value?.data.find((p) => p.userID === id) ?? null;
  }

  /** Decision 0017: a request with a verification message; 'added' at once under AllowAny, else 'pending'. */
  async addFriend(userID: string, wording: string): Promise<'added' | 'pending' | null> {
    const result = await this.#run((p) =>
      p.addFriend({ to: userID, source: 'AddSource_Type_Web', wording, type: 'Add_Type_Both' }),
    );
    if (!result.ok) return null;
    return result.value?.data.code === 30539 ? 'pending' : 'added';
  }

  accept(userID: string): Promise<ContactResult> {
    return this.#run((p) => p.acceptFriendApplication({ userID }));
  }

  refuse(userID: string): Promise<ContactResult> {
    return this.#run((p) => p.refuseFriendApplication({ userID }));
  }

  /** The requests view was seen: the unread count of requests goes to 0. */
  markRequestsRead(): void {
    if (this.friends.getSnapshot().unreadApplications > 0) void this.#run((p) => p.setFriendApplicationRead(), true);
  }

  async deleteFriend(userID: string): Promise<ContactResult> {
    const result = await this.#run((p) => p.deleteFriend({ userIDList: [userID] }));
    if (result.ok) this.column.back();
    return result;
  }

  remark(userID: string, remark: string): Promise<ContactResult> {
    return this.#run((p) => p.updateFriend({ userID, remark: remark.trim() }));
  }

  block(userID: string): Promise<ContactResult> {
    return this.#run((p) => p.addToBlacklist({ userIDList: [userID] }));
  }

  unblock(userID: string): Promise<ContactResult> {
    return this.#run((p) => p.removeFromBlacklist({ userIDList: [userID] }));
  }

  async updateProfile(edit: ProfileEdit): Promise<ContactResult> {
    const before = this.me.getSnapshot()?.nick;
    const result = await this.#run((p) => p.updateMyProfile(edit));
    if (result.ok && result.value) this.me.put(result.value.data);
    if (result.ok && typeof edit.nick === 'string' && edit.nick !== before) this.#deps.did?.('nickname');
    return result;
  }

  /** 'Send message' from a friend, a card or a member profile: the one-to-one chat opens on the chat tab. */
  sendMessage(userID: string): void {
    this.card.put(null);
    this.tab.put('chat');
    this.#deps.openConversation(`${TYPES.CONV_C2C}${userID}`);
  }

  /** 'Enter group chat' from the group details. */
  enterGroup(groupID: string): void {
    this.tab.put('chat');
    this.#deps.openConversation(`${TYPES.CONV_GROUP}${groupID}`);
  }

  async leaveGroup(groupID: string, dismiss: boolean): Promise<ContactResult> {
    const port = this.#deps.groupPort;
    if (!port) return { ok: false, code: 0, text: this.#deps.t('group.errors.noModule') };
    const result = await this.#run(() => (dismiss ? port.dismissGroup(groupID) : port.quitGroup(groupID)));
    if (result.ok) this.column.back();
    if (result.ok && dismiss) this.#deps.did?.('dismiss');
    return result;
  }
}
