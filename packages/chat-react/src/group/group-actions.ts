/** The group panel's writes through the SDK, each answered as ok or a code and message to show. */
import { asFailure, TYPES } from '../provider/chat-port.ts';
import type { ChatGroup, ChatGroupMember, CreateGroupOptions, GroupPort } from './group-port.ts';
import type { GroupStore } from './group-store.ts';
import { ADMIN, MEMBER, MUTE_SECONDS } from './roles.ts';

export type ActionResult = { ok: true } | { ok: false; code: number; message: string };

interface Deps {
  port: GroupPort | null;
  store: GroupStore;
  report: (err: unknown) => void;
  /** Opens a conversation by ID (after create or join). */
  openConversation: (conversationID: string) => void;
  noModule: () => Error;
  /** After a dismiss or quit: the group's chat closes at once (the SDK then drops the conversation). */
  leave: (groupID: string) => void;
  /** After a create: the group's first line, 'X created the group' (KGRP17). */
  created?: (group: ChatGroup) => Promise<void>;
  /** Told of a mute or a dismiss the server accepted (demo mode, decision 0054). */
  did?: (deed: 'mute' | 'dismiss') => void;
}

/**
 * The management panel's and dialogs' writes (decision 0012). Every one goes to the SDK; a refusal is shown in the
 * shared toast and answered as `ok: false`; success re-reads the open group (the SDK's events do the rest).
 */
export class GroupActions {
  readonly #deps: Deps;
  /** This session's applications and joins: 'already applied' / 'already joined' before the group list catches up. */
  readonly #applied = new Set<string>();
  readonly #joined = new Set<string>();

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  #groupID(): string {
    return this.#deps.store.getSnapshot().groupID ?? '';
  }

  async #run<T>(call: (port: GroupPort) => Promise<T>, quiet = false): Promise<ActionResult & { value?: T }> {
    const port = this.#deps.port;
    try {
      if (!port) throw this.#deps.noModule();
      const value = await call(port);
      this.#deps.store.refresh();
      return { ok: true, value };
    } catch (err) {
      if (!quiet) this.#deps.report(err);
      const failure = asFailure(err);
      return { ok: false, code: failure.code, message: failure.message };
    }
  }

  /** Seed 001 §5: a name is applied only when non-empty and different from the current one. */
  rename(name: string): Promise<ActionResult> | null {
    const value = name.trim();
    const group = this.#deps.store.getSnapshot().group;
    if (!value || !group || value === group.name) return null;
    return this.#run((p) => p.updateGroupProfile({ groupID: group.groupID, name: value }));
  }

  /** Seed 001 §5: a notification is published only when non-empty and changed. */
  publishNotification(text: string): Promise<ActionResult> | null {
    const value = text.trim();
    const group = this.#deps.store.getSnapshot().group;
    if (!value || !group || value === (group.notification ?? '')) return null;
    return this.#run((p) => p.updateGroupProfile({ groupID: group.groupID, notification: value }));
  }

  /** Work groups (owner): FreeAccess, NeedPermission or DisableInvite (KGRP14). */
  setInviteOption(inviteOption: string): Promise<ActionResult> {
    return this.#run((p) => p.updateGroupProfile({ groupID: this.#groupID(), inviteOption }));
  }

  setMuteAll(on: boolean): Promise<ActionResult> {
    return this.#run((p) => p.updateGroupProfile({ groupID: this.#groupID(), muteAllMembers: on }));
  }

  /** Seed 000 §9: mute for 2,592,000 s (30 days); 0 unmutes. */
  async mute(userID: string, on: boolean): Promise<ActionResult> {
    const result = await this.#run((p) =>
      p.setGroupMemberMuteTime({ groupID: this.#groupID(), userID, muteTime: on ? MUTE_SECONDS : 0 }),
    );
    if (result.ok && on) this.#deps.did?.('mute');
    return result;
  }

  setAdmin(userID: string, on: boolean): Promise<ActionResult> {
    return this.#run((p) => p.setGroupMemberRole({ groupID: this.#groupID(), userID, role: on ? ADMIN : MEMBER }));
  }

  addMembers(userIDList: string[]): Promise<ActionResult> {
    return this.#run((p) => p.addGroupMember({ groupID: this.#groupID(), userIDList }));
  }

  removeMembers(userIDList: string[]): Promise<ActionResult> {
    return this.#run((p) => p.deleteGroupMember({ groupID: this.#groupID(), userIDList, reason: '' }));
  }

  transfer(newOwnerID: string): Promise<ActionResult> {
    return this.#run((p) => p.changeGroupOwner({ groupID: this.#groupID(), newOwnerID }));
  }

  async dismiss(): Promise<ActionResult> {
    const groupID = this.#groupID();
    const result = await this.#run((p) => p.dismissGroup(groupID));
    if (result.ok) this.#deps.leave(groupID);
    if (result.ok) this.#deps.did?.('dismiss');
    return result;
  }

  async quit(): Promise<ActionResult> {
    const groupID = this.#groupID();
    const result = await this.#run((p) => p.quitGroup(groupID));
    if (result.ok) this.#deps.leave(groupID);
    return result;
  }

  /** The picker's search among members: null when the user is not in the group. */
  async findMember(userID: string): Promise<ChatGroupMember | null> {
    const groupID = this.#groupID();
    const port = this.#deps.port;
    if (!port || !groupID) return null;
    try {
      const { data } = await port.getGroupMemberProfile({ groupID, userIDList: [userID] });
      return data.memberList.find((m) => m.userID === userID) ?? null;
    } catch {
      return null;
    }
  }

  /** The add picker's search: the user's profile, null when the user does not exist. */
  async findUser(userID: string): Promise<{ userID: string; nick?: string; avatar?: string } | null> {
    const port = this.#deps.port;
    if (!port?.getUserProfile) return { userID };
    try {
      const { data } = await port.getUserProfile({ userIDList: [userID] });
      return data.find((p) => p.userID === userID) ?? null;
    } catch {
      return null;
    }
  }

  /** Decision 0012: creates the group and opens its conversation. */
  async create(options: CreateGroupOptions): Promise<ActionResult> {
    const result = await this.#run((p) => p.createGroup(options));
    const group = result.ok ? (result.value?.data.group as ChatGroup | undefined) : undefined;
    if (group) {
      await this.#deps.created?.(group);
      this.#deps.openConversation(`${TYPES.CONV_GROUP}${group.groupID}`);
    }
    return result;
  }

  /** Search by ID (seed 001 §5: trimmed; empty does nothing). Errors are shown in the dialog, not as a toast. */
  async search(groupID: string): Promise<{ group: ChatGroup } | { error: ActionResult } | null> {
    const id = groupID.trim();
    if (!id) return null;
    const result = await this.#run((p) => p.searchGroupByID(id), true);
    if (!result.ok || !result.value) return { error: result };
    return { group: result.value.data.group };
  }

  /**
   * Join or apply (the default message is the 'join group' text, seed 001 §5); answers the reference's join status
   * ('JoinedSuccess', 'WaitAdminApproval', 'AlreadyInGroup') and remembers it for the search's button.
   */
  async join(group: ChatGroup, applyMessage: string): Promise<string | null> {
    const result = await this.#run((p) =>
      p.joinGroup({
        groupID: group.groupID,
        applyMessage,
        ...(group.type === TYPES.GRP_AVCHATROOM ? { type: group.type } : {}),
      }),
    );
    const status = result.ok ? (result.value?.data.status ?? null) : null;
    if (status === TYPES.JOIN_STATUS_WAIT_APPROVAL) this.#applied.add(group.groupID);
    else if (status) this.#joined.add(group.groupID);
    return status;
  }

  hasApplied(groupID: string): boolean {
    return this.#applied.has(groupID);
  }

  hasJoined(groupID: string): boolean {
    return this.#joined.has(groupID);
  }
}
