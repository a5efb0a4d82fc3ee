import { API_PREFIX } from '../routes.ts';

const G = `${API_PREFIX}/groups`;
const ONE = `${G}/:groupID`;
const MEMBER = `${ONE}/members/:userID`;

/**
 * Group routes (decision 0012). Group messages go through `MESSAGE_ROUTES.send` with `conversationType: 'GROUP'` and
 * `to: groupID`; their history through the conversation routes with `GROUP<groupID>`.
 */
export const GROUP_ROUTES = {
  /** POST createGroup; GET getGroupList. */
  groups: G,
  /** GET getGroupApplicationList (pending join applications I may answer, invitations waiting for me). */
  applications: `${G}/applications`,
  /** GET getGroupProfile; PATCH updateGroupProfile; DELETE dismissGroup. */
  group: ONE,
  search: `${ONE}/search`,
  join: `${ONE}/join`,
  quit: `${ONE}/quit`,
  owner: `${ONE}/owner`,
  handleApplication: `${ONE}/applications/handle`,
  /** POST handleGroupInvitation (GRP23). */
  handleInvitation: `${ONE}/invitations/handle`,
  onlineCount: `${ONE}/online-count`,
  /** GET getGroupAttributes; PUT setGroupAttributes. */
  attributes: `${ONE}/attributes`,
  initAttributes: `${ONE}/attributes/init`,
  deleteAttributes: `${ONE}/attributes/delete`,
  /** GET getGroupMemberList; POST addGroupMember. */
  members: `${ONE}/members`,
  memberProfiles: `${ONE}/members/query`,
  deleteMembers: `${ONE}/members/delete`,
  mute: `${MEMBER}/mute`,
  role: `${MEMBER}/role`,
  nameCard: `${MEMBER}/name-card`,
  /** PUT setGroupMemberCustomField. */
  memberCustomField: `${MEMBER}/custom-field`,
  sendReadReceipt: `${ONE}/read-receipts/send`,
  readReceipts: `${ONE}/read-receipts/query`,
  readMembers: `${ONE}/read-receipts/:messageID/members`,
  /** PUT setMessageRemindType for a group (`{groupID, messageRemindType}` in the reference). */
  remind: `${ONE}/remind`,
  /** POST a custom system notice (operation type 255) to a group's members: the admin API (x-parley-admin-key). */
  adminNotice: '/admin/v1/groups/:groupID/notice',
} as const;

/** Fills a group route's parameters, URL-encoded (generated IDs start with '@TGS#'). */
export function groupPath(template: string, groupID: string, extra: { userID?: string; messageID?: string } = {}) {
  return template
    .replace(':groupID', encodeURIComponent(groupID))
    .replace(':userID', encodeURIComponent(extra.userID ?? ''))
    .replace(':messageID', encodeURIComponent(extra.messageID ?? ''));
}
