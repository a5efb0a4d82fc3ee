/**
 * The storage port of calls signalling (decision 0038). Implemented by storage/repos/calls.ts for SQLite and
 * PostgreSQL (migration 0025): every invitation and each invitee's state live in the database, so a node that dies
 * while an invitation rings loses nothing and another node's sweep times it out (SIG7).
 */
import type { CallState, InviteeState } from '@parley/protocol';

export interface CallRow {
  inviteID: string;
  inviter: string;
  /** '' for a one-to-one invitation. */
  groupID: string;
  data: string;
  /** Seconds, as asked (0: the longest a call may ring). */
  timeout: number;
  onlineOnly: boolean;
  callType: number;
  state: CallState;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** When the invitees still invited time out (ms). */
  deadline: number;
  /** The first accept (ms); 0 before. */
  acceptedAt: number;
  endedAt: number;
  /** CALL_END_REASON once ended, '' before. */
  endReason: string;
  /** The inviter takes part (until they hang up or leave the group). */
  inviterIn: boolean;
}

export interface InviteeRow {
  userID: string;
  state: InviteeState;
  /** Milliseconds since the epoch of the last change. */
  updatedAt: number;
}

export interface StoredCall {
  call: CallRow;
  invitees: InviteeRow[];
}

export type CallFields = Partial<
  Pick<CallRow, 'state' | 'data' | 'acceptedAt' | 'endedAt' | 'endReason' | 'inviterIn'>
>;

export interface CallsRepo {
  /** Adds the invitation and its invitees; false when the inviteID exists already (8012). */
  insertCall(call: CallRow, invitees: readonly InviteeRow[]): Promise<boolean>;
  /** The invitation and its invitees; `lock` holds its row until the transaction ends (PostgreSQL). */
  getCall(inviteID: string, lock?: boolean): Promise<StoredCall | undefined>;
  updateCall(inviteID: string, fields: CallFields): Promise<void>;
  setInvitee(inviteID: string, row: InviteeRow): Promise<void>;
  /** Of `userIDs`, those in an invitation not ended: the inviter still in, or an invitee invited or accepted (SIG14). */
  busyAmong(userIDs: readonly string[]): Promise<string[]>;
  /** Invitations not ended where the user is still invited (SIG25). */
  ringingFor(userID: string): Promise<StoredCall[]>;
  /** Up to `limit` invitations not ended, past their deadline, with someone still invited (SIG7). */
  overdue(nowMs: number, limit: number): Promise<string[]>;
  /** Invitations not ended in the group where one of `userIDs` takes part (all of the group's when null, SIG28). */
  openInGroup(groupID: string, userIDs: readonly string[] | null): Promise<string[]>;
}
