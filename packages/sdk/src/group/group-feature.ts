import type { PushEventOf } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import type { Emitter } from '../core/emitter.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import type { MessageStore } from '../message/message-store.ts';
import { TYPES } from '../constants/types.ts';
import type { Message } from '../message/message.ts';
import { GroupClient } from './group-client.ts';
import { GroupMemberModule } from './group-member-module.ts';
import { GroupModule } from './group-module.ts';
import { GroupStore } from './group-store.ts';
import { ReadReceiptModule } from './read-receipt-module.ts';

/** System notices after which I am no longer in the group: removed, dismissed, quit (reference §11). */
const LEAVING_NOTICES = new Set([4, 5, 8]);

/**
 * Parley's own event, beside the reference's: a join application (or an invitation) I could answer was answered, by
 * me, another admin or another device. The reference has no such event; a UI that listens can show 'already
 * handled' at once (KGRP11). `data`: `{groupID, applicant, handleAction}`.
 */
export const GROUP_APPLICATION_HANDLED = 'parleyGroupApplicationHandled';

/** The users a tip is about (`userIDList` and `memberList`). */
function namedIn(tip: Message): unknown[] {
  const { userIDList, memberList } = tip.payload;
  return [
    ...(Array.isArray(userIDList) ? userIDList : []),
    ...(Array.isArray(memberList) ? memberList.map((m: { userID?: unknown }) => m?.userID) : []),
  ];
}

function noticeGroupID(message: Message): string {
  const profile = message.payload.groupProfile as { groupID?: unknown } | undefined;
  return typeof profile?.groupID === 'string' ? profile.groupID : '';
}

export interface GroupFeatureDeps {
  http: HttpClient;
  emitter: Emitter;
  logger: Logger;
  messages: MessageStore;
  me: () => string;
  isReady: () => boolean;
  coalesceMs: () => number;
  /** A group's conversation leaves my list (I quit, was removed, or the group was dismissed). */
  dropConversation: (groupID: string) => void;
  /** The conversation list may have changed (a new group, a group's profile): fetch it. */
  resync: () => void;
  /** A group's profile changed: conversations showing it rebuild their `groupProfile`. */
  groupChanged: (groupID: string) => void;
}

/**
 * The group feature, assembled: the store, the wire client and the three modules whose methods the facade
 * (group-facade.ts) exposes. The groups feature (group-facade.ts) builds one per ChatSDK and drives it through login, push and logout.
 */
export class GroupFeature {
  readonly store: GroupStore;
  readonly groups: GroupModule;
  readonly members: GroupMemberModule;
  readonly receipts: ReadReceiptModule;
  readonly #deps: GroupFeatureDeps;
  #refreshing: Promise<void> | null = null;
  #refreshAgain = false;
  #epoch = 0;

  constructor(deps: GroupFeatureDeps) {
    this.#deps = deps;
    const client = new GroupClient(deps.http);
    this.store = new GroupStore({
      emit: (groupList) => deps.emitter.emit(EVENT.GROUP_LIST_UPDATED, groupList),
      coalesceMs: deps.coalesceMs,
      isReady: deps.isReady,
      changed: deps.groupChanged,
    });
    this.groups = new GroupModule({
      client,
      store: this.store,
      emitter: deps.emitter,
      me: deps.me,
      dropConversation: deps.dropConversation,
      resync: deps.resync,
    });
    this.members = new GroupMemberModule({ client, store: this.store, me: deps.me });
    this.receipts = new ReadReceiptModule({ client, messages: deps.messages, emitter: deps.emitter, me: deps.me });
  }

  /**
   * The login's group list, before SDK_READY. Its failure does not fail the login (the profile check decides
   * that): getGroupList then answers `isSyncCompleted: false` until the next refresh (every reconnect) succeeds.
   */
  async start(): Promise<void> {
    try {
      await this.groups.sync(this.#current());
    } catch (err) {
      this.#deps.logger.warn('group list at login failed:', err);
    }
  }

  /**
   * Re-reads the group list after a tip, a notice, a change push or a reconnect. Calls that come while one runs
   * share one more run after it, so a burst of tips costs two requests, not one per tip.
   */
  refresh(): void {
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return;
    }
    this.#refreshing = this.groups
      .sync(this.#current())
      .catch((err: unknown) => this.#deps.logger.warn('group list refresh failed:', err))
      .finally(() => {
        this.#refreshing = null;
        if (this.#refreshAgain) {
          this.#refreshAgain = false;
          this.refresh();
        }
      });
  }

  /** Tips change a group's profile or members; notices my membership (TIM: 4, 5, 8 drop the group). */
  onMessages(messages: readonly Message[]): void {
    let changed = false;
    for (const message of messages) {
      if (message.type === TYPES.MSG_GRP_TIP && this.#tipMatters(message)) changed = true;
      if (message.type !== TYPES.MSG_GRP_SYS_NOTICE) continue;
      changed = true;
      const groupID = noticeGroupID(message);
      if (groupID && LEAVING_NOTICES.has(Number(message.payload.operationType))) {
        this.store.remove(groupID);
        this.#deps.dropConversation(groupID);
      }
    }
    if (changed) this.refresh();
  }

  /**
   * Whether a tip changes what the group list shows me. Each refresh is a request from every member, so tips
   * about other members' roles or mutes are skipped, and so are an AVChatRoom's join and leave tips (its
   * audience comes and goes all the time; its count is getGroupOnlineMemberCount's).
   */
  #tipMatters(tip: Message): boolean {
    const op = Number(tip.payload.operationType);
    if (op === TYPES.GRP_TIP_GRP_PROFILE_UPDATED) return true;
    if (namedIn(tip).includes(this.#deps.me())) return true;
    if (op === TYPES.GRP_TIP_MBR_JOIN || op === TYPES.GRP_TIP_MBR_QUIT || op === TYPES.GRP_TIP_MBR_KICKED_OUT) {
      return this.store.get(tip.to)?.type !== TYPES.GRP_AVCHATROOM;
    }
    return false;
  }

  /** `group.changed`: when I am no longer a member the group and its conversation go; the list is read again. */
  changed(e: PushEventOf<'group.changed'>): void {
    if (e.isMember === false && typeof e.groupID === 'string') {
      this.store.remove(e.groupID);
      this.#deps.dropConversation(e.groupID);
    }
    this.refresh();
  }

  /** `group.application-handled`: Parley's own event (KGRP11). */
  applicationHandled(e: PushEventOf<'group.application-handled'>): void {
    this.#deps.emitter.emit(GROUP_APPLICATION_HANDLED, {
      groupID: e.groupID,
      applicant: e.applicant,
      handleAction: e.handleAction,
    });
  }

  becameReady(): void {
    this.store.becameReady();
  }

  reset(): void {
    this.#epoch += 1;
    this.store.reset();
    this.#refreshAgain = false;
  }

  #current(): () => boolean {
    const epoch = this.#epoch;
    return () => epoch === this.#epoch;
  }
}
