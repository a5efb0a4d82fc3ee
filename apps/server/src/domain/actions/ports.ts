import type { MessageRow } from '../messages/ports.ts';

/** What an in-place change writes to a message row (modify, revoke); `expectVersion` makes it a compare-and-set. */
export interface MessageChange {
  payload?: string;
  cloudCustomData?: string;
  isRevoked?: boolean;
  revoker?: string;
  isModified?: boolean;
  modifyVersion?: number;
  /** Server seconds of a content edit by the sender (decision 0046, EDIT4). */
  editedAt?: number;
  /** The message's new wire JSON (rule HIST2: pages are stored strings). */
  wire: string;
  changeSeq: number;
}

export interface ReactionRow {
  seq: number;
  reactionID: string;
  userID: string;
  createdAt: number;
}

export interface MergerRow {
  downloadKey: string;
  owner: string;
  content: string;
  depth: number;
  createdAt: number;
}

/** Storage of message actions (decision 0015); implemented by storage/repos/actions.ts, tested on SQLite and PostgreSQL. */
export interface ActionsRepo {
  /** Hands out the conversation's next change sequence (under the conversation's row lock on PostgreSQL). */
  nextChange(conversationID: string): Promise<number>;
  /** The conversation's last change sequence. */
  changeSeq(conversationID: string): Promise<number>;
  /** Applies a change when the row's modify version is still `expectVersion`; false when it is not (ACT1). */
  update(conversationID: string, seq: number, expectVersion: number, change: MessageChange): Promise<boolean>;
  /** Stamps a message with a change sequence without changing it (its reactions changed). */
  stamp(conversationID: string, seq: number, changeSeq: number): Promise<void>;
  /** Messages changed in place after `after`, by change sequence, at most `limit`. */
  changedSince(conversationID: string, after: number, limit: number): Promise<(MessageRow & { changeSeq: number })[]>;
  /** Hides messages for one user (deleteMessage); already hidden ones are left as they were. */
  hide(userID: string, conversationID: string, seqs: readonly number[], changeSeq: number): Promise<void>;
  /** Of these sequences, the ones the user hid. */
  hiddenAmong(userID: string, conversationID: string, seqs: readonly number[]): Promise<Set<number>>;
  /** KACT34: the newest sequence in (above, atOrBelow] the user has not hid, if any: one indexed query however many. */
  newestNotHidden(
    userID: string,
    conversationID: string,
    atOrBelow: number,
    above: number,
  ): Promise<number | undefined>;
  /** Of these message IDs, the ones the user hid (KACT33: replies left out of their roots' lists). */
  hiddenIDsAmong(userID: string, conversationID: string, ids: readonly string[]): Promise<Set<string>>;
  /** The user's hides after `after`: message IDs with their change sequence. */
  hiddenSince(userID: string, conversationID: string, after: number): Promise<{ id: string; changeSeq: number }[]>;
  /** Adds one user's reaction; false when it was there already. Atomic: concurrent adds never conflict. */
  addReaction(conversationID: string, seq: number, reactionID: string, userID: string, now: number): Promise<boolean>;
  /** Removes one user's reaction; false when it was not there. */
  removeReaction(conversationID: string, seq: number, reactionID: string, userID: string): Promise<boolean>;
  /** Distinct reaction IDs on one message. */
  reactionIDs(conversationID: string, seq: number): Promise<string[]>;
  /** Every reaction of these messages, oldest first. */
  reactions(conversationID: string, seqs: readonly number[]): Promise<ReactionRow[]>;
  /** One reaction's users, oldest first, after `offset`. */
  reactionUsers(
    conversationID: string,
    seq: number,
    reactionID: string,
    offset: number,
    limit: number,
  ): Promise<string[]>;
  addReceipts(conversationID: string, seqs: readonly number[], reader: string, now: number): Promise<number[]>;
  receipts(conversationID: string, seqs: readonly number[]): Promise<{ seq: number; reader: string; readAt: number }[]>;
  putMerger(row: MergerRow): Promise<void>;
  getMerger(downloadKey: string): Promise<MergerRow | undefined>;
}
