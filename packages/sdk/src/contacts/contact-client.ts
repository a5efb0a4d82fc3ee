/** Contacts' HTTP calls: friends, requests, blocklist and user status. */
import {
  type AddFriendResult,
  type CheckFriendsResult,
  CONTACT_ROUTES as R,
  type DeleteFriendsResult,
  type FailureList,
  type Friend,
  type FriendApplicationList,
  friendPath,
  type StatusQueryResult,
  type UserStatus,
} from '@parley/protocol';
import type { HttpClient } from '../core/http.ts';

type Body = Record<string, unknown>;

/** The contact routes of the server (protocol `CONTACT_ROUTES`), in one place: the feature speaks TIM, this the wire. */
export class ContactClient {
  readonly #http: HttpClient;

  constructor(http: HttpClient) {
    this.#http = http;
  }

  friends() {
    return this.#http.get<{ friendList: Friend[] }>(R.friends);
  }
  addFriend(body: Body) {
    return this.#http.post<AddFriendResult>(R.friends, body);
  }
  deleteFriends(body: Body) {
    return this.#http.post<DeleteFriendsResult>(R.deleteFriends, body);
  }
  checkFriends(body: Body) {
    return this.#http.post<CheckFriendsResult>(R.checkFriends, body);
  }
  updateFriend(userID: string, remark: string) {
    return this.#http.patch<Friend>(friendPath(userID), { remark });
  }
  applications() {
    return this.#http.get<FriendApplicationList>(R.applications);
  }
  accept(body: Body) {
    return this.#http.post<{ userID: string }>(R.acceptApplication, body);
  }
  refuse(userID: string) {
    return this.#http.post<{ userID: string }>(R.refuseApplication, { userID });
  }
  deleteApplication(body: Body) {
    return this.#http.post<Record<string, never>>(R.deleteApplication, body);
  }
  readApplications() {
    return this.#http.post<Record<string, never>>(R.readApplications, {});
  }
  blacklist() {
    return this.#http.get<{ blacklist: string[] }>(R.blacklist);
  }
  block(userIDList: string[]) {
    return this.#http.post<{ blacklist: string[] }>(R.blacklist, { userIDList });
  }
  unblock(userIDList: string[]) {
    return this.#http.post<{ blacklist: string[] }>(R.removeBlacklist, { userIDList });
  }
  statuses(userIDList: string[]) {
    return this.#http.post<StatusQueryResult>(R.statusQuery, { userIDList });
  }
  subscribe(userIDList: string[]) {
    return this.#http.post<FailureList>(R.statusSubscribe, { userIDList });
  }
  unsubscribe(userIDList?: string[]) {
    return this.#http.post<FailureList>(R.statusUnsubscribe, userIDList ? { userIDList } : {});
  }
  setSelfStatus(customStatus: string) {
    return this.#http.request<UserStatus>('PUT', R.selfStatus, { body: { customStatus } });
  }
}
