import type { HttpClient } from '../core/http.ts';

type Wire = Record<string, unknown>;
type Attributes = Record<string, string>;
export interface ReceiptRef {
  messageID: string;
  from: string;
  sequence: number;
}

/**
 * The group routes of the server, in one place: the modules above speak TIM, this speaks the wire. Answers are
 * typed loosely on purpose (`toGroup` / `toGroupMember` fill TIM's defaults), so a field the server adds later
 * does not break an older SDK.
 */
export class GroupClient {
  readonly #http: HttpClient;

  constructor(http: HttpClient) {
    this.#http = http;
  }

  list() {
    return this.#http.get<{ groupList: Wire[] }>(GROUP_PATHS.groups);
  }
  create(body: Wire) {
    return this.#http.post<{ group: Wire; overLimitUserIDList?: string[] }>(GROUP_PATHS.groups, body);
  }
  profile(groupID: string) {
    return this.#http.get<{ group: Wire }>(path(GROUP_PATHS.group, groupID));
  }
  update(groupID: string, patch: Wire) {
    return this.#http.patch<{ group: Wire }>(path(GROUP_PATHS.group, groupID), patch);
  }
  dismiss(groupID: string) {
    return this.#http.post<Wire>(path(GROUP_PATHS.dismiss, groupID), {});
  }
  quit(groupID: string) {
    return this.#http.post<Wire>(path(GROUP_PATHS.quit, groupID), {});
  }
  join(groupID: string, applyMessage?: string) {
    const body = applyMessage === undefined ? {} : { applyMessage };
    return this.#http.post<{ status: string; group?: Wire }>(path(GROUP_PATHS.join, groupID), body);
  }
  search(groupID: string) {
    return this.#http.get<{ group: Wire }>(path(GROUP_PATHS.search, groupID));
  }
  changeOwner(groupID: string, newOwnerID: string) {
    return this.#http.post<{ group: Wire }>(path(GROUP_PATHS.owner, groupID), { newOwnerID });
  }
  handleApplication(body: { groupID: string; handleAction: string; handleMessage: string } & Wire) {
    return this.#http.post<{ group: Wire }>(path(GROUP_PATHS.applications, body.groupID), body);
  }
  onlineCount(groupID: string) {
    return this.#http.get<{ memberCount: number }>(path(GROUP_PATHS.online, groupID));
  }
  writeAttributes(mode: 'init' | 'set', groupID: string, groupAttributes: Attributes) {
    const body = { mode, groupAttributes };
    return this.#http.post<{ groupAttributes: Attributes }>(path(GROUP_PATHS.attributes, groupID), body);
  }
  deleteAttributes(groupID: string, keyList: string[]) {
    return this.#http.post<{ keyList: string[] }>(path(GROUP_PATHS.attributesDelete, groupID), { keyList });
  }
  getAttributes(groupID: string, keyList: string[]) {
    const query = keyList.length > 0 ? `?${new URLSearchParams({ keyList: keyList.join(',') })}` : '';
    return this.#http.get<{ groupAttributes: Attributes }>(`${path(GROUP_PATHS.attributes, groupID)}${query}`);
  }
  memberList(groupID: string, count: number, offset: number, role?: string) {
    const query = new URLSearchParams({ count: String(count), offset: String(offset) });
    if (role) query.set('role', role);
    return this.#http.get<{ memberList: Wire[]; offset: number }>(`${path(GROUP_PATHS.members, groupID)}?${query}`);
  }
  memberProfiles(groupID: string, userIDList: string[]) {
    return this.#http.post<{ memberList: Wire[] }>(path(GROUP_PATHS.memberQuery, groupID), { userIDList });
  }
  addMembers(groupID: string, userIDList: string[]) {
    return this.#http.post<{
      group: Wire;
      successUserIDList?: string[];
      failureUserIDList?: string[];
      existedUserIDList?: string[];
      overLimitUserIDList?: string[];
    }>(path(GROUP_PATHS.members, groupID), { userIDList });
  }
  deleteMembers(groupID: string, userIDList: string[], reason: string) {
    const body = { userIDList, reason };
    return this.#http.post<{ group: Wire; userIDList?: string[] }>(path(GROUP_PATHS.memberDelete, groupID), body);
  }
  setMuteTime(groupID: string, userID: string, muteTime: number) {
    return this.#http.post<{ group: Wire; member: Wire }>(path(GROUP_PATHS.mute, groupID), { userID, muteTime });
  }
  setRole(groupID: string, userID: string, role: string) {
    return this.#http.post<{ group: Wire; member: Wire }>(path(GROUP_PATHS.role, groupID), { userID, role });
  }
  setNameCard(groupID: string, userID: string, nameCard: string) {
    const body = { userID, nameCard };
    return this.#http.post<{ group: Wire; member: Wire }>(path(GROUP_PATHS.nameCard, groupID), body);
  }
  sendReceipts(groupID: string, messageList: ReceiptRef[]) {
    return this.#http.post<Wire>(path(GROUP_PATHS.receipts, groupID), { messageList });
  }
  receipts(groupID: string, messageList: ReceiptRef[]) {
    type Receipt = { messageID: string; readCount: number; unreadCount: number };
    return this.#http.post<{ receiptList: Receipt[] }>(path(GROUP_PATHS.receiptQuery, groupID), { messageList });
  }
  readMembers(groupID: string, message: ReceiptRef, page: { filter: number; cursor: string; count: number }) {
    const body = { ...message, ...page };
    type Page = { userIDList: string[]; cursor: string; isCompleted: boolean };
    return this.#http.post<Page>(path(GROUP_PATHS.readMembers, groupID), body);
  }
}

const G = '/api/v1/groups';
const GROUP_PATHS = {
  groups: G,
  group: `${G}/:groupID`,
  dismiss: `${G}/:groupID/dismiss`,
  quit: `${G}/:groupID/quit`,
  join: `${G}/:groupID/join`,
  search: `${G}/:groupID/search`,
  owner: `${G}/:groupID/owner`,
  applications: `${G}/:groupID/applications`,
  online: `${G}/:groupID/online-count`,
  attributes: `${G}/:groupID/attributes`,
  attributesDelete: `${G}/:groupID/attributes/delete`,
  members: `${G}/:groupID/members`,
  memberQuery: `${G}/:groupID/members/query`,
  memberDelete: `${G}/:groupID/members/delete`,
  mute: `${G}/:groupID/members/mute`,
  role: `${G}/:groupID/members/role`,
  nameCard: `${G}/:groupID/members/name-card`,
  receipts: `${G}/:groupID/receipts`,
  receiptQuery: `${G}/:groupID/receipts/query`,
  readMembers: `${G}/:groupID/receipts/members`,
} as const;

const path = (template: string, groupID: string) => template.replace(':groupID', encodeURIComponent(groupID));
