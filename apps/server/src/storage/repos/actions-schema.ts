/** Tables of message actions (decision 0015, migration 0010_message_actions). */
export interface MessageHiddenTable {
  user_id: string;
  conversation_id: string;
  seq: number;
  /** The conversation's change sequence when it was hidden: my other devices catch up from it (ACT9). */
  change_seq: number;
}

export interface MessageReactionsTable {
  conversation_id: string;
  seq: number;
  reaction_id: string;
  user_id: string;
  /** Milliseconds; orders a reaction's users and pages them. */
  created_at: number;
}

export interface MessageReceiptsTable {
  conversation_id: string;
  seq: number;
  reader: string;
  read_at: number;
}

export interface MergerRecordsTable {
  download_key: string;
  owner: string;
  /** JSON of `{title, abstractList, messageList}`. */
  content: string;
  depth: number;
  created_at: number;
}

export interface ActionTables {
  message_hidden: MessageHiddenTable;
  message_reactions: MessageReactionsTable;
  message_receipts: MessageReceiptsTable;
  merger_records: MergerRecordsTable;
}
