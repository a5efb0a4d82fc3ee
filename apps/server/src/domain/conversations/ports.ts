import type { ConversationGroupsRepo } from '../conversation-groups/ports.ts';

/** What the conversations feature stores: shared conversations and each member's view of them. */

/** A shared conversation (C2C pair or group); `lastSeq` is the dense per-conversation sequence. */
export interface ConversationRow {
  id: string;
  type: string;
  lastSeq: number;
  lastTime: number;
  createdAt: number;
  /** Retention (RET6): every message up to this sequence was purged; 0 when none was. */
  purgedSeq?: number;
}

/** One member's view of a conversation: read position, pin, remind type, sync version. */
export interface MemberRow {
  conversationID: string;
  userID: string;
  /** The ID this member sees: `C2C<peer>` or `GROUP<groupID>`. */
  viewID: string;
  peerID: string | null;
  readSeq: number;
  clearedSeq: number;
  isPinned: boolean;
  pinnedAt: number;
  remindType: string;
  hidden: boolean;
  syncVersion: number;
  /** My draft (DRF1), '' when none, and the server time (s) it was set. */
  draftText: string;
  draftTime: number;
  /** My marks (MARK1): a 64-bit set, bit n is TIM's markType 2^n. */
  markMask: bigint;
  /** My conversation groups holding it (decision 0049, CGRP1), in the order I made the groups. */
  groupNames: string[];
  /** My custom data on it (CGRP14), '' when none. */
  customData: string;
}

export type MemberFields = Partial<
  Pick<
    MemberRow,
    | 'readSeq'
    | 'clearedSeq'
    | 'isPinned'
    | 'pinnedAt'
    | 'remindType'
    | 'hidden'
    | 'draftText'
    | 'draftTime'
    | 'markMask'
    | 'groupNames'
    | 'customData'
  >
>;

export interface MemberPageQuery {
  since: number;
  after: string;
  limit: number;
  withGroups: boolean;
  visibleOnly: boolean;
}

/** Conversation groups (decision 0049) are part of the conversations repo: their memberships are member rows. */
export interface ConversationsRepo extends ConversationGroupsRepo<MemberRow> {
  /** Creates the conversation if absent; returns it either way. */
  ensure(id: string, type: string, now: number): Promise<ConversationRow>;
  get(id: string): Promise<ConversationRow | undefined>;
  /** Locks the conversation row until the transaction ends (PostgreSQL); writers take it first. */
  lock(id: string): Promise<void>;
  /** Creates the member row if absent (not hidden); returns it either way. */
  ensureMember(member: Pick<MemberRow, 'conversationID' | 'userID' | 'viewID' | 'peerID'>): Promise<MemberRow>;
  getMember(userID: string, viewID: string): Promise<MemberRow | undefined>;
  members(conversationID: string): Promise<MemberRow[]>;
  /** Members of one user changed after `sinceVersion`, or all when 0. */
  listMembers(userID: string, sinceVersion: number): Promise<MemberRow[]>;
  updateMember(userID: string, viewID: string, fields: MemberFields): Promise<MemberRow | undefined>;
  /**
   * Bumps the user's change counter and stamps the member row with it, applying `fields` in the same
   * update; returns the new version.
   */
  touch(userID: string, viewID: string, fields?: MemberFields): Promise<number>;
  syncVersion(userID: string): Promise<number>;
  /** The user's group conversation rows (views `GROUP…`), by a range of the primary key. */
  listGroupMembers(userID: string): Promise<MemberRow[]>;
  /**
   * One page of a user's rows by view ID after `after` (ABU24): those changed after `since`, plus every group row
   * when `withGroups`; only the visible ones when `visibleOnly`.
   */
  listMembersPage(userID: string, q: MemberPageQuery): Promise<MemberRow[]>;
  /** Deletes one member's row (a member leaving a group). */
  removeMember(userID: string, viewID: string): Promise<void>;
}
