import type { MessageRow } from '../../domain/ports.ts';

/** The message columns in insert order; the send paths' pre-written SQL uses this list (wire comes after it). */
export const MESSAGE_COLUMN_LIST = [
  'conversation_id',
  'seq',
  'id',
  'sender',
  'receiver',
  'type',
  'payload',
  'cloud_custom_data',
  'time',
  'client_time',
  'nick',
  'name_card',
  'avatar',
  'priority',
  'need_read_receipt',
  'at_user_list',
  'is_revoked',
  'revoker',
  'is_modified',
  'modify_version',
  'is_deleted',
] as const;

export const MESSAGE_COLUMNS = MESSAGE_COLUMN_LIST.join(', ');

export type RawMessage = Record<(typeof MESSAGE_COLUMN_LIST)[number], unknown> & { wire?: string };

/** A stored row as the domain sees it, with its stored wire JSON ('' when it predates migration 0007). */
export function messageFromRow(r: RawMessage): { message: MessageRow; wire: string } {
  return {
    message: {
      conversationID: String(r.conversation_id),
      seq: Number(r.seq),
      id: String(r.id),
      sender: String(r.sender),
      receiver: String(r.receiver),
      type: String(r.type),
      payload: String(r.payload),
      cloudCustomData: String(r.cloud_custom_data),
      time: Number(r.time),
      clientTime: Number(r.client_time),
      nick: String(r.nick),
      nameCard: String(r.name_card),
      avatar: String(r.avatar),
      priority: String(r.priority),
      needReadReceipt: Number(r.need_read_receipt) === 1,
      atUserList: String(r.at_user_list),
      isRevoked: Number(r.is_revoked) === 1,
      revoker: r.revoker === null || r.revoker === undefined ? null : String(r.revoker),
      isModified: Number(r.is_modified) === 1,
      modifyVersion: Number(r.modify_version),
      isDeleted: Number(r.is_deleted) === 1,
      // Read when the query selected it (every selectAll); the send path's own lists leave it out (decision 0046).
      ...editedAt(r),
    },
    wire: typeof r.wire === 'string' ? r.wire : '',
  };
}

/** A row's `edited_at` (migration 0030, decision 0046) as the optional field; nothing when 0 or not selected. */
export function editedAt(r: object): { editedAt?: number } {
  const value = Number((r as { edited_at?: unknown }).edited_at ?? 0);
  return value > 0 ? { editedAt: value } : {};
}
