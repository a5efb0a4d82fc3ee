/** The storage port of groups (decision 0012). Implemented by storage/repos/groups.ts for SQLite and PostgreSQL. */

export interface GroupRow {
  groupID: string;
  type: string;
  name: string;
  avatar: string;
  introduction: string;
  notification: string;
  ownerID: string;
  joinOption: string;
  maxMembers: number;
  muteAll: boolean;
  memberCount: number;
  createdAt: number;
  infoSeq: number;
  lastInfoTime: number;
  /** Dismissed groups keep their row, so the ID is never reused and calls can say it was dismissed. */
  dismissed: boolean;
  /** Custom group attributes (JSON object of strings). */
  attributes: string;
  /** FreeAccess, NeedPermission or DisableInvite (Work groups); DisableInvite elsewhere (they take no invitations). */
  inviteOption: string;
  /** Custom group profile fields (`groupCustomField`, JSON array of {key, value}). */
  customFields: string;
}

export interface GroupMemberRow {
  groupID: string;
  userID: string;
  role: string;
  joinTime: number;
  /** The group's last sequence when the member joined: read receipts count only members who could see a message. */
  joinSeq: number;
  /** Seconds; muted while in the future. */
  muteUntil: number;
  nameCard: string;
  /** `memberCustomField`, JSON array of {key, value}. */
  customFields: string;
  /** Seconds; the time of the member's last stored message in the group (GRP21), 0 before the first. */
  lastSendTime: number;
}

export interface ApplicationRow {
  groupID: string;
  applicant: string;
  message: string;
  createdAt: number;
  /** 'pending', 'Agree' or 'Reject'. */
  status: string;
  handledBy: string;
  /** A join application, or an invitation waiting for the invitee (`applicant`) to consent (GRP23). */
  kind: 'join' | 'invite';
  /** Who invited (invitations only). */
  inviter: string;
}

export type GroupFields = Partial<
  Pick<
    GroupRow,
    | 'name'
    | 'avatar'
    | 'introduction'
    | 'notification'
    | 'ownerID'
    | 'joinOption'
    | 'muteAll'
    | 'memberCount'
    | 'infoSeq'
    | 'lastInfoTime'
    | 'dismissed'
    | 'attributes'
    | 'inviteOption'
    | 'customFields'
  >
>;
export type GroupMemberFields = Partial<Pick<GroupMemberRow, 'role' | 'muteUntil' | 'nameCard' | 'customFields'>>;

/** Read counts of one message, from the members' read positions (rule GRP14). */
export interface ReadCount {
  read: number;
  unread: number;
}

export interface GroupsRepo {
  create(group: GroupRow): Promise<void>;
  get(groupID: string): Promise<GroupRow | undefined>;
  /** Locks the group row until the transaction ends (PostgreSQL); every group write takes it first. */
  lock(groupID: string): Promise<void>;
  update(groupID: string, fields: GroupFields): Promise<void>;
  addMember(member: GroupMemberRow): Promise<void>;
  getMember(groupID: string, userID: string): Promise<GroupMemberRow | undefined>;
  /** Members ordered by join time then userID, from `offset`. */
  members(groupID: string, offset: number, limit: number): Promise<GroupMemberRow[]>;
  membersByID(groupID: string, userIDs: readonly string[]): Promise<GroupMemberRow[]>;
  /** User IDs of the owner and admins. */
  managers(groupID: string): Promise<string[]>;
  allMemberIDs(groupID: string): Promise<string[]>;
  updateMember(groupID: string, userID: string, fields: GroupMemberFields): Promise<void>;
  /** Raises members' `lastSendTime` to the given times (never lowers it: nodes flush in any order). */
  recordLastSend(entries: readonly { groupID: string; userID: string; time: number }[]): Promise<void>;
  removeMember(groupID: string, userID: string): Promise<void>;
  /** Keeps a leaving member's mute until they join again (ABU10); a second call replaces the first. */
  keepMute(groupID: string, userID: string, muteUntil: number): Promise<void>;
  /** The kept mute's end (0 when none) and forgets it: it moves back into the member row. */
  takeMute(groupID: string, userID: string): Promise<number>;
  removeAllMembers(groupID: string): Promise<void>;
  /** The groups a user is a member of. */
  groupsOf(userID: string): Promise<GroupRow[]>;
  /** One page of the live groups a user is in, by group ID after `after` (ABU24). */
  groupsOfPage(userID: string, after: string, limit: number): Promise<GroupRow[]>;
  /** How many groups each user is in (ABU22); users in none are left out. */
  groupCounts(userIDs: readonly string[]): Promise<Map<string, number>>;
  putApplication(row: ApplicationRow): Promise<void>;
  getApplication(groupID: string, applicant: string): Promise<ApplicationRow | undefined>;
  /** Pending join applications to the given groups. */
  pendingApplications(groupIDs: readonly string[]): Promise<ApplicationRow[]>;
  /** Pending invitations waiting for this user's answer (GRP23). */
  pendingInvitations(userID: string): Promise<ApplicationRow[]>;
  /**
   * Members other than `sender` who joined before message `seq` (they could see it), counted by whether their
   * read position in `conversationKey` reached it.
   */
  readCount(groupID: string, conversationKey: string, sender: string, seq: number): Promise<ReadCount>;
  /** Deletes a conversation's messages up to `seq` (an AVChatRoom keeps only recent history, GRP16). */
  trimHistory(conversationKey: string, upToSeq: number): Promise<number>;
  /** One page of those members (read or unread), ordered by userID after `cursor`. */
  readMembers(
    groupID: string,
    conversationKey: string,
    q: { sender: string; seq: number; read: boolean; cursor: string; limit: number },
  ): Promise<string[]>;
}
