/**
 * What conversation groups store (decision 0049): each user's group names in the order made. Which groups hold a
 * conversation is in the member row (`MemberRow.groupNames`), so the list reads it with the row (CGRP1).
 */
/** `Row` is the conversations feature's MemberRow (a parameter, so the two ports do not import each other). */
export interface ConversationGroupsRepo<Row> {
  /** `userID`'s group names in the order they were made (CGRP1). */
  groupNames(userID: string): Promise<string[]>;
  /** Adds the group after the others unless one of that name exists; true when added. */
  createGroup(userID: string, name: string, now: number): Promise<boolean>;
  /** Drops the name (member rows are the caller's); true when it existed. */
  deleteGroup(userID: string, name: string): Promise<boolean>;
  /** Renames the group in place (its position stays); true when it existed. */
  renameGroup(userID: string, oldName: string, newName: string): Promise<boolean>;
  /** `userID`'s member rows in at least one group (at most 20 × 1000, CGRP3). */
  groupedMembers(userID: string): Promise<Row[]>;
}
