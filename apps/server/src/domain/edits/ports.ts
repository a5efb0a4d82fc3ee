/** What edited messages store (decision 0046): one row per replaced content of a message. */

export interface VersionRow {
  conversationID: string;
  /** The message's sequence in its conversation. */
  seq: number;
  /** The message's modify version while this content was current (ACT1). */
  version: number;
  /** The replaced payload's JSON, as it was stored. */
  payload: string;
  /** Server seconds when an edit replaced it. */
  replacedAt: number;
}

export interface EditsRepo {
  /** Keeps a replaced content; a second write of the same (conversation, message, version) changes nothing. */
  keep(row: VersionRow): Promise<void>;
  /** A message's replaced contents, oldest first. */
  list(conversationID: string, seq: number): Promise<VersionRow[]>;
  /** Forgets a message's earlier contents (a recall empties the message, EDIT7). */
  drop(conversationID: string, seq: number): Promise<void>;
}
