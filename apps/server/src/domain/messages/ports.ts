/** What the messages feature stores: messages by conversation and sequence, idempotent on (sender, ID). */

export interface MessageRow {
  conversationID: string;
  seq: number;
  /** Client-generated message ID, unique per sender. */
  id: string;
  sender: string;
  receiver: string;
  type: string;
  /** JSON text of the payload, stored as given for every payload type. */
  payload: string;
  cloudCustomData: string;
  time: number;
  clientTime: number;
  nick: string;
  nameCard: string;
  avatar: string;
  priority: string;
  needReadReceipt: boolean;
  atUserList: string;
  isRevoked: boolean;
  revoker: string | null;
  isModified: boolean;
  modifyVersion: number;
  isDeleted: boolean;
  /** Server seconds of the sender's last content edit (decision 0046, EDIT4); absent or 0 when never edited. */
  editedAt?: number;
}

export type NewMessage = Omit<
  MessageRow,
  'seq' | 'isRevoked' | 'revoker' | 'isModified' | 'modifyVersion' | 'isDeleted'
>;

export interface AppendResult {
  message: MessageRow;
  /**
   * False when (sender, id) was already stored, or the conversation already holds a message with this id
   * (rule M8): the stored message is returned unchanged, and the caller checks whose it is.
   */
  created: boolean;
}

export interface MessagesRepo {
  /** Idempotent on (sender, id); assigns the next dense sequence of the conversation otherwise. */
  append(message: NewMessage): Promise<AppendResult>;
  bySenderID(sender: string, id: string): Promise<MessageRow | undefined>;
  /** The message with this client ID in the conversation (IDs are unique per conversation, rule M8). */
  byConversationID(conversationID: string, id: string): Promise<MessageRow | undefined>;
  get(conversationID: string, seq: number): Promise<MessageRow | undefined>;
  /** Up to `limit` messages with seq < beforeSeq (or the newest when undefined), newest first. */
  pageBefore(
    conversationID: string,
    beforeSeq: number | undefined,
    limit: number,
    minSeq?: number,
  ): Promise<MessageRow[]>;
  /** Up to `limit` messages with seq > afterSeq, oldest first. */
  pageAfter(conversationID: string, afterSeq: number, limit: number): Promise<MessageRow[]>;
  /**
   * The sequence of the newest message stored at or before `time` (seconds), or of the oldest at or after it; 0 when
   * there is none (CMP33).
   */
  seqAtTime(conversationID: string, time: number, side: 'atOrBefore' | 'atOrAfter'): Promise<number>;
  /**
   * Count of messages after `afterSeq` (and up to `upToSeq` when given) not sent by `excludeSender`. The bound keeps
   * a count consistent with a last sequence read a moment before, when a send commits in between.
   */
  countAfter(conversationID: string, afterSeq: number, excludeSender: string, upToSeq?: number): Promise<number>;
}
