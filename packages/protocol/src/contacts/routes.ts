import { API_PREFIX } from '../routes.ts';

const F = `${API_PREFIX}/friends`;
const S = `${API_PREFIX}/user-status`;

/** Contacts, blocklist and presence routes (decision 0017). */
export const CONTACT_ROUTES = {
  /** GET getFriendList; POST addFriend. */
  friends: F,
  deleteFriends: `${F}/delete`,
  checkFriends: `${F}/check`,
  /** PATCH updateFriend (remark). */
  friend: `${F}/:userID`,
  /** GET getFriendApplicationList. */
  applications: `${F}/applications`,
  acceptApplication: `${F}/applications/accept`,
  refuseApplication: `${F}/applications/refuse`,
  deleteApplication: `${F}/applications/delete`,
  readApplications: `${F}/applications/read`,
  /** GET getBlacklist; POST addToBlacklist. */
  blacklist: `${API_PREFIX}/blacklist`,
  removeBlacklist: `${API_PREFIX}/blacklist/remove`,
  /** POST getUserStatus. */
  statusQuery: `${S}/query`,
  statusSubscribe: `${S}/subscribe`,
  statusUnsubscribe: `${S}/unsubscribe`,
  /** PUT setSelfStatus. */
  selfStatus: `${S}/self`,
  /** GET getFriendGroupList; POST createFriendGroup. */
  friendGroups: `${API_PREFIX}/friend-groups`,
  deleteFriendGroup: `${API_PREFIX}/friend-groups/delete`,
  addToFriendGroup: `${API_PREFIX}/friend-groups/add`,
  removeFromFriendGroup: `${API_PREFIX}/friend-groups/remove`,
  renameFriendGroup: `${API_PREFIX}/friend-groups/rename`,
} as const;

export function friendPath(userID: string): string {
  return CONTACT_ROUTES.friend.replace(':userID', encodeURIComponent(userID));
}
