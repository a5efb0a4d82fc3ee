import { Store } from '../core/store.ts';
import { type ChatEvent, type ChatMessage, type ChatPort, EVENT, peerOf, TYPES } from '../provider/chat-port.ts';
import type { ChatGroup, ChatGroupMember, GroupPort } from './group-port.ts';
import { MEMBER, MEMBER_PAGE, type MuteReason, muteReason } from './roles.ts';

export interface GroupState {
  groupID: string | null;
  /** 'left': the user is no longer a member of the open group; nothing about it is fetched any more (KGRP20). */
  status: 'idle' | 'loading' | 'ready' | 'error' | 'left';
  group: ChatGroup | null;
  /** The user's own member profile: role and muteUntil. */
  self: ChatGroupMember | null;
  role: string;
  members: readonly ChatGroupMember[];
  /** The next page's offset; null once every member is loaded. */
  nextOffset: number | null;
  loadingMembers: boolean;
  /** Why the input is disabled right now (KGRP1). */
  mute: MuteReason;
}

const IDLE: GroupState = {
  groupID: null,
  status: 'idle',
  group: null,
  self: null,
  role: MEMBER,
  members: [],
  nextOffset: null,
  loadingMembers: false,
  mute: null,
};

/** setTimeout's limit (about 24.8 days): a 30-day mute waits in several steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The open group (seed 000 §4: switching to a group loads its profile, the user's own member profile and the first
 * 100 members). It re-reads them when a tip of the group arrives or the group list changes, and wakes up when the
 * user's mute ends, so the input is enabled again without a reload (KGRP1).
 */
export class GroupStore extends Store<GroupState> {
  readonly #port: GroupPort | null;
  readonly #me: () => string;
  readonly #onError: (err: unknown) => void;
  #generation = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #refreshing = false;
  #again = false;

  constructor(port: GroupPort | null, me: () => string, onError: (err: unknown) => void) {
    super(IDLE);
    this.#port = port;
    this.#me = me;
    this.#onError = onError;
  }

  get port(): GroupPort | null {
    return this.#port;
  }

  attach(chat: ChatPort): () => void {
    // The SDK also re-reads its list after the tips this store re-reads on: only a difference in the open group's
    // entry (a change that came another way) is worth another read.
    const updated = (event: ChatEvent) => {
      const { group } = this.getSnapshot();
      if (!group || !Array.isArray(event.data)) return;
      const entry = (event.data as ChatGroup[]).find((g) => g.groupID === group.groupID);
      if (entry && differs(entry, group)) this.refresh();
    };
    chat.on(EVENT.GROUP_LIST_UPDATED, updated);
    return () => {
      chat.off(EVENT.GROUP_LIST_UPDATED, updated);
      this.#clearTimer();
    };
  }

  /** Called when the open conversation changes. */
  open(conversationID: string | null): void {
    const groupID = conversationID?.startsWith(TYPES.CONV_GROUP) ? peerOf(conversationID) : null;
    if (groupID === this.getSnapshot().groupID) return;
    this.#generation += 1;
    this.#clearTimer();
    this.set(groupID ? { ...IDLE, groupID, status: 'loading' } : IDLE);
    if (groupID) void this.#load(groupID, true);
  }

  /** MESSAGE_RECEIVED: a tip of the open group changes members, roles, mute or profile: read them again. */
  received(messages: readonly ChatMessage[]): void {
    const { groupID, status } = this.getSnapshot();
    if (!groupID || status === 'left') return;
    if (messages.some((m) => removesMe(m, groupID, this.#me()))) {
      this.#leave();
      return;
    }
    const conversationID = `${TYPES.CONV_GROUP}${groupID}`;
    if (messages.some((m) => m.conversationID === conversationID && m.type === TYPES.MSG_GRP_TIP)) this.refresh();
  }

  /** The open group is no longer the user's: stop every read of it and say so in place of the input (KGRP20). */
  #leave(): void {
    this.#generation += 1;
    this.#clearTimer();
    this.set({ ...this.getSnapshot(), status: 'left', mute: 'left', loadingMembers: false });
  }

  refresh(): void {
    const { groupID, status } = this.getSnapshot();
    if (!groupID || status === 'left') return;
    if (this.#refreshing) {
      this.#again = true;
      return;
    }
    this.#refreshing = true;
    void this.#load(groupID, false).finally(() => {
      this.#refreshing = false;
      if (this.#again) {
        this.#again = false;
        this.refresh();
      }
    });
  }

  /** 'view more' in the member list: the next 100. */
  loadMoreMembers(): void {
    const state = this.getSnapshot();
    const port = this.#port;
    if (!port || !state.groupID || state.nextOffset === null || state.loadingMembers || state.status === 'left') return;
    const generation = this.#generation;
    this.set({ ...state, loadingMembers: true });
    port.getGroupMemberList({ groupID: state.groupID, count: MEMBER_PAGE, offset: state.nextOffset }).then(
      ({ data }) => {
        if (generation !== this.#generation) return;
        const current = this.getSnapshot();
        const known = new Set(current.members.map((m) => m.userID));
        const added = data.memberList.filter((m) => !known.has(m.userID)).map((m) => ({ ...m }));
        const next = nextOffset(data, (current.nextOffset ?? 0) + data.memberList.length);
        this.set({ ...current, members: [...current.members, ...added], nextOffset: next, loadingMembers: false });
      },
      (err: unknown) => {
        if (generation === this.#generation) this.set({ ...this.getSnapshot(), loadingMembers: false });
        this.#onError(err);
      },
    );
  }

  async #load(groupID: string, first: boolean): Promise<void> {
    const port = this.#port;
    if (!port) {
      this.set({ ...this.getSnapshot(), status: 'error' });
      return;
    }
    const generation = this.#generation;
    try {
      const me = this.#me();
      const [profile, self, page] = await Promise.all([
        port.getGroupProfile({ groupID }),
        port.getGroupMemberProfile({ groupID, userIDList: [me] }),
        port.getGroupMemberList({ groupID, count: MEMBER_PAGE, offset: 0 }),
      ]);
      if (generation !== this.#generation) return;
      const group = { ...profile.data.group, selfInfo: { ...profile.data.group.selfInfo } };
      const own = self.data.memberList.find((m) => m.userID === me) ?? null;
      const members = page.data.memberList.map((m) => ({ ...m }));
      const current = this.getSnapshot();
      // A refresh keeps pages already loaded with 'view more' beyond the first.
      const kept = first
        ? []
        : current.members.slice(MEMBER_PAGE).filter((m) => !members.some((n) => n.userID === m.userID));
      this.#publish({
        ...current,
        status: 'ready',
        group,
        self: own ? { ...own } : null,
        members: [...members, ...kept],
        nextOffset: first || current.nextOffset !== null ? nextOffset(page.data, members.length) : null,
      });
    } catch (err) {
      if (generation !== this.#generation) return;
      if (NOT_A_MEMBER.has((err as { code?: unknown } | null)?.code as number)) {
        this.#leave();
        return;
      }
      // A background re-read (after a tip, a list change, a reconnect) fails quietly: being removed from the group or
      // its dismissal also closes the chat, and a toast then would only confuse.
      if (!first) {
        console.warn('[parley-chat] group refresh failed', err);
        return;
      }
      this.set({ ...this.getSnapshot(), status: 'error' });
      this.#onError(err);
    }
  }

  /** Sets the state with role and mute derived, and schedules the wake-up at the end of the user's mute. */
  #publish(state: GroupState): void {
    const role = state.self?.role || state.group?.selfInfo?.role || MEMBER;
    const muteUntil = state.self?.muteUntil ?? state.group?.selfInfo?.muteUntil;
    const mute = muteReason(state.group, role, muteUntil, Date.now());
    this.set({ ...state, role, mute });
    this.#clearTimer();
    if (mute === 'self' && typeof muteUntil === 'number') {
      const delay = Math.min(muteUntil * 1000 - Date.now() + 1, MAX_DELAY_MS);
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#publish(this.getSnapshot());
      }, delay);
    }
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}

/** Not a member (10007) or the group is gone (10010, 10015): the user has left the group for good (KGRP20). */
const NOT_A_MEMBER = new Set([10007, 10010, 10015]);

/** Group system notices that end the user's membership (seed 000 §4): 4 removed, 5 dismissed, 8 quit, 11 recycled. */
const ENDING_NOTICES = new Set([4, 5, 8, 11]);

/** A message that says the user is out of the group: a notice above, or a tip that removes the user. */
function removesMe(m: ChatMessage, groupID: string, me: string): boolean {
  const p = (m.payload ?? {}) as {
    operationType?: number;
    userIDList?: string[];
    groupProfile?: { groupID?: string };
  };
  if (m.type === TYPES.MSG_GRP_SYS_NOTICE)
    return p.groupProfile?.groupID === groupID && ENDING_NOTICES.has(p.operationType ?? 0);
  return (
    m.type === TYPES.MSG_GRP_TIP &&
    m.conversationID === `${TYPES.CONV_GROUP}${groupID}` &&
    (p.operationType === TYPES.GRP_TIP_MBR_KICKED_OUT || p.operationType === TYPES.GRP_TIP_MBR_QUIT) &&
    (p.userIDList ?? []).includes(me)
  );
}

const SHOWN = ['name', 'notification', 'avatar', 'ownerID', 'memberCount', 'muteAllMembers'] as const;

/** The open group's list entry says something other than what the store shows. */
function differs(entry: ChatGroup, shown: ChatGroup): boolean {
  if (SHOWN.some((key) => entry[key] !== undefined && entry[key] !== shown[key])) return true;
  const a = entry.selfInfo ?? {};
  const b = shown.selfInfo ?? {};
  return (a.role !== undefined && a.role !== b.role) || (a.muteUntil !== undefined && a.muteUntil !== b.muteUntil);
}

/** The reference answers the next offset; a short page (or offset 0) means every member is loaded. */
function nextOffset(data: { memberList: readonly unknown[]; offset?: number }, fallback: number): number | null {
  if (data.memberList.length < MEMBER_PAGE) return null;
  if (typeof data.offset === 'number') return data.offset > 0 ? data.offset : null;
  return fallback;
}
