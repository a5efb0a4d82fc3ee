/** Groups' HTTP calls, one per group route. */
import {
  type GroupApplication,
  type GroupReadReceipt,
  GROUP_ROUTES,
  groupPath,
  type Group as WireGroup,
  type GroupMember as WireMember,
} from '@parley/protocol';
import type { HttpClient } from '../core/http.ts';
import { readAllPages, withCursor } from '../core/pages.ts';
import type { CustomField } from './group.ts';

type Attributes = Record<string, string>;
type Body = Record<string, unknown>;
type MemberAnswer = { group: WireGroup; member: WireMember };

/**
 * The group routes of the server (protocol `GROUP_ROUTES`), in one place: the modules speak TIM, this speaks
 * the wire. Answers are converted by `toGroup` / `toGroupMember`, which fill TIM's defaults for anything missing.
 */
export class GroupClient {
  readonly #http: HttpClient;

  constructor(http: HttpClient) {
    this.#http = http;
  }

  #put<T>(path: string, body: Body): Promise<T> {
    return this.#http.request<T>('PUT', path, { body });
  }

  /** Every page of the server's group list (ABU24): getGroupList answers the whole list, as the reference does. */
  async list(): Promise<{ groupList: WireGroup[]; isSyncCompleted: boolean }> {
    const pages = await readAllPages((cursor) =>
      this.#http.get<{ groupList: WireGroup[]; nextCursor?: string }>(withCursor(GROUP_ROUTES.groups, cursor)),
    );
    return { groupList: pages.flatMap((p) => p.groupList), isSyncCompleted: true };
  }
  create(body: Body) {
    return this.#http.post<{ group: WireGroup; overLimitUserIDList: string[] }>(GROUP_ROUTES.groups, body);
  }
  profile(groupID: string) {
    return this.#http.get<{ group: WireGroup }>(groupPath(GROUP_ROUTES.group, groupID));
  }
  update(groupID: string, patch: Body) {
    return this.#http.patch<{ group: WireGroup }>(groupPath(GROUP_ROUTES.group, groupID), patch);
  }
  dismiss(groupID: string) {
    return this.#http.request<{ groupID: string }>('DELETE', groupPath(GROUP_ROUTES.group, groupID));
  }
  quit(groupID: string) {
    return this.#http.post<{ groupID: string }>(groupPath(GROUP_ROUTES.quit, groupID), {});
  }
  join(groupID: string, applyMessage?: string) {
    const body = applyMessage === undefined ? {} : { applyMessage };
    return this.#http.post<{ status: string; group?: WireGroup }>(groupPath(GROUP_ROUTES.join, groupID), body);
  }
  search(groupID: string) {
    return this.#http.get<{ group: WireGroup }>(groupPath(GROUP_ROUTES.search, groupID));
  }
  changeOwner(groupID: string, newOwnerID: string) {
    return this.#http.post<{ group: WireGroup }>(groupPath(GROUP_ROUTES.owner, groupID), { newOwnerID });
  }
  applications() {
    return this.#http.get<{ applicationList: GroupApplication[] }>(GROUP_ROUTES.applications);
  }
  handleApplication(groupID: string, body: { applicant: string; handleAction: string; handleMessage?: string }) {
    return this.#http.post<{ group: WireGroup }>(groupPath(GROUP_ROUTES.handleApplication, groupID), body);
  }
  handleInvitation(groupID: string, body: { handleAction: string; handleMessage?: string }) {
    return this.#http.post<{ group?: WireGroup }>(groupPath(GROUP_ROUTES.handleInvitation, groupID), body);
  }
  onlineCount(groupID: string) {
    return this.#http.get<{ memberCount: number }>(groupPath(GROUP_ROUTES.onlineCount, groupID));
  }
  writeAttributes(mode: 'init' | 'set', groupID: string, groupAttributes: Attributes) {
    const body = { groupAttributes };
    type Answer = { groupAttributes: Attributes };
    if (mode === 'init') return this.#http.post<Answer>(groupPath(GROUP_ROUTES.initAttributes, groupID), body);
    return this.#put<Answer>(groupPath(GROUP_ROUTES.attributes, groupID), body);
  }
  deleteAttributes(groupID: string, keyList: string[]) {
    return this.#http.post<{ keyList: string[] }>(groupPath(GROUP_ROUTES.deleteAttributes, groupID), { keyList });
  }
  getAttributes(groupID: string) {
    return this.#http.get<{ groupAttributes: Attributes }>(groupPath(GROUP_ROUTES.attributes, groupID));
  }
  memberList(groupID: string, count: number, offset: number) {
    const query = new URLSearchParams({ count: String(count), offset: String(offset) });
    const path = `${groupPath(GROUP_ROUTES.members, groupID)}?${query}`;
    return this.#http.get<{ memberList: WireMember[]; offset: number }>(path);
  }
  memberProfiles(groupID: string, userIDList: string[]) {
    const path = groupPath(GROUP_ROUTES.memberProfiles, groupID);
    return this.#http.post<{ memberList: WireMember[] }>(path, { userIDList });
  }
  addMembers(groupID: string, userIDList: string[]) {
    return this.#http.post<{
      group: WireGroup;
      successUserIDList: string[];
      failureUserIDList: string[];
      pendingUserIDList?: string[];
      existedUserIDList: string[];
      overLimitUserIDList: string[];
    }>(groupPath(GROUP_ROUTES.members, groupID), { userIDList });
  }
  deleteMembers(groupID: string, userIDList: string[], reason?: string) {
    const body = reason === undefined ? { userIDList } : { userIDList, reason };
    const path = groupPath(GROUP_ROUTES.deleteMembers, groupID);
    return this.#http.post<{ group: WireGroup; userIDList: string[] }>(path, body);
  }
  setMuteTime(groupID: string, userID: string, muteTime: number) {
    return this.#put<MemberAnswer>(groupPath(GROUP_ROUTES.mute, groupID, { userID }), { muteTime });
  }
  setRole(groupID: string, userID: string, role: string) {
    return this.#put<MemberAnswer>(groupPath(GROUP_ROUTES.role, groupID, { userID }), { role });
  }
  setNameCard(groupID: string, userID: string, nameCard: string) {
    return this.#put<MemberAnswer>(groupPath(GROUP_ROUTES.nameCard, groupID, { userID }), { nameCard });
  }
  setMemberCustomField(groupID: string, userID: string, memberCustomField: CustomField[]) {
    const path = groupPath(GROUP_ROUTES.memberCustomField, groupID, { userID });
    return this.#put<MemberAnswer>(path, { memberCustomField });
  }
  setRemind(groupID: string, messageRemindType: string) {
    return this.#put<Body>(groupPath(GROUP_ROUTES.remind, groupID), { messageRemindType });
  }
  sendReceipts(groupID: string, messageIDList: string[]) {
    return this.#http.post<Body>(groupPath(GROUP_ROUTES.sendReadReceipt, groupID), { messageIDList });
  }
  receipts(groupID: string, messageIDList: string[]) {
    const path = groupPath(GROUP_ROUTES.readReceipts, groupID);
    return this.#http.post<{ messageList: GroupReadReceipt[] }>(path, { messageIDList });
  }
  readMembers(groupID: string, messageID: string, page: { filter: number; cursor: string; count: number }) {
    const query = new URLSearchParams({ filter: String(page.filter), count: String(page.count) });
    if (page.cursor) query.set('cursor', page.cursor);
    const path = `${groupPath(GROUP_ROUTES.readMembers, groupID, { messageID })}?${query}`;
    return this.#http.get<{
      messageID: string;
      readUserIDList?: string[];
      unreadUserIDList?: string[];
      cursor: string;
      isCompleted: boolean;
    }>(path);
  }
}
