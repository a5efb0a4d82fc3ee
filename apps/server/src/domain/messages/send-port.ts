import type { MessageRow, NewMessage } from './ports.ts';

/** One member row a stored message touches: its change cursor moves and it is shown again (rules RD2, CONV2). */
export interface DraftSide {
  userID: string;
  viewID: string;
  peerID: string;
  /** The sender's side: sending reads everything before it, so its read position moves to the message (RD2). */
  readsOnSend: boolean;
}

/**
 * A one-to-one message validated by the domain, ready to be written by a batch. `nick` and `avatar` are read in
 * the batch's transaction (so a send needs no query of its own before it); `render` builds the wire JSON once
 * the sequence is known, and that string is stored with the message and sent as is.
 */
export interface SendDraft {
  message: Omit<NewMessage, 'nick' | 'avatar'>;
  /** Sorted by userID: every writer takes user rows in that order, so crossing sends cannot deadlock. */
  sides: readonly DraftSide[];
  render: (row: MessageRow) => string;
  /** A group message (decision 0012): the receiver is the group, not an account, and its conversation exists already. */
  toGroup?: boolean;
  /**
   * A group message's sender, checked again inside the batch's transaction (GRP11, GUIDE §3.6): the store reads the
   * sender's membership in `groupID` after locking the conversation and passes it to `admit`, which returns the
   * refusal (nothing is written, the outcome is `failed` with it) or undefined. The domain's check before queueing
   * answers early; this one closes the gap between that check and the commit, where a mute or a removal could land.
   */
  speaker?: { groupID: string; admit: (member: SpeakerRow | undefined) => unknown };
}

/** What the send path reads of a group sender inside its transaction. */
export interface SpeakerRow {
  role: string;
  muteUntil: number;
  muteAll: boolean;
  dismissed: boolean;
}

export type SendOutcome =
  /** `created` false: (sender, ID) or (conversation, ID) was already stored (M1, M8); nothing was written. */
  | { kind: 'stored'; message: MessageRow; wire: string; created: boolean }
  /** The sender or the receiver has no account. Nothing was written. */
  | { kind: 'missing'; who: 'sender' | 'receiver' }
  /** This draft failed inside the batch and was rolled back alone (its savepoint); the others are unaffected. */
  | { kind: 'failed'; error: unknown };

/**
 * The hot write path of sends (decision 0020): a batch of drafts in one transaction, each draft's outcome
 * independent of the others (a refusal writes nothing and does not abort the batch). Resolves after the commit;
 * rejects when the transaction as a whole failed, and then nothing of the batch is stored.
 */
export interface SendStore {
  appendBatch(drafts: readonly SendDraft[]): Promise<SendOutcome[]>;
}

/** What a history page is made of: each message's stored wire JSON ('' on rows older than migration 0007). */
export interface WireRow {
  seq: number;
  id: string;
  wire: string;
}

/** What a history request needs of the member and the conversation, read in one statement. */
export interface PageContext {
  conversationID: string;
  clearedSeq: number;
  lastSeq: number;
  /** Whether the member hid (deleted for themselves) any message of the conversation (ACT7), read in the same statement. */
  anyHidden: boolean;
}

export interface WirePages {
  /** The member row's conversation and cleared position with the conversation's last sequence, if a member. */
  pageContext(userID: string, viewID: string): Promise<PageContext | undefined>;
  /** Newest first, at most `limit`, with seq in (minSeq, beforeSeq). */
  pageBefore(conversationID: string, beforeSeq: number | undefined, limit: number, minSeq: number): Promise<WireRow[]>;
}

/**
 * A new message's stored row, written out field by field. Not `{ ...message, nick, … }`: V8 (Node 20) gives an
 * object built by a spread and then grown a slow property store, about 14 times the bytes of this literal, and a
 * good part of it survives the young generation (bench/README.md, "The p99 at 2,000/s"). On the send path that was
 * most of what each message promoted, and the scavenges it caused were the latency tail.
 */
export function newRow(m: SendDraft['message'], nick: string, avatar: string, seq: number): MessageRow {
  return {
    conversationID: m.conversationID,
    seq,
    id: m.id,
    sender: m.sender,
    receiver: m.receiver,
    type: m.type,
    payload: m.payload,
    cloudCustomData: m.cloudCustomData,
    time: m.time,
    clientTime: m.clientTime,
    nick,
    nameCard: m.nameCard,
    avatar,
    priority: m.priority,
    needReadReceipt: m.needReadReceipt,
    atUserList: m.atUserList,
    isRevoked: false,
    revoker: null,
    isModified: false,
    modifyVersion: 0,
    isDeleted: false,
  };
}
