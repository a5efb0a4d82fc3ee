import type { Kysely } from 'kysely';
import type { MessageRow, MessagesRepo, NewMessage } from '../../domain/ports.ts';
import type { Database, MessagesTable } from '../schema.ts';
import { reindexMessage, tokenField } from './search-index.ts';
import { editedAt } from './message-columns.ts';

/** The columns every row has; `wire` (migration 0007) is written by the send path (send-sqlite.ts, send-postgres.ts). */
type Row = Omit<MessagesTable, 'wire'>;

const toMessage = (r: Row): MessageRow => ({
  conversationID: r.conversation_id,
  seq: Number(r.seq),
  id: r.id,
  sender: r.sender,
  receiver: r.receiver,
  type: r.type,
  payload: r.payload,
  cloudCustomData: r.cloud_custom_data,
  time: Number(r.time),
  clientTime: Number(r.client_time),
  nick: r.nick,
  nameCard: r.name_card,
  avatar: r.avatar,
  priority: r.priority,
  needReadReceipt: Number(r.need_read_receipt) === 1,
  atUserList: r.at_user_list,
  isRevoked: Number(r.is_revoked) === 1,
  revoker: r.revoker,
  isModified: Number(r.is_modified) === 1,
  modifyVersion: Number(r.modify_version),
  isDeleted: Number(r.is_deleted) === 1,
  // Edited messages (decision 0046): every read here is selectAll, so the column is there once migration 0030 ran.
  ...editedAt(r),
});

const toRow = (m: NewMessage, seq: number): Row => ({
  conversation_id: m.conversationID,
  seq,
  id: m.id,
  sender: m.sender,
  receiver: m.receiver,
  type: m.type,
  payload: m.payload,
  cloud_custom_data: m.cloudCustomData,
  time: m.time,
  client_time: m.clientTime,
  nick: m.nick,
  name_card: m.nameCard,
  avatar: m.avatar,
  priority: m.priority,
  need_read_receipt: m.needReadReceipt ? 1 : 0,
  at_user_list: m.atUserList,
  is_revoked: 0,
  revoker: null,
  is_modified: 0,
  modify_version: 0,
  is_deleted: 0,
});

/**
 * `lockRow` takes the conversation row lock before the duplicate check (PostgreSQL: SELECT … FOR
 * UPDATE), so two racing sends of one (sender, ID) serialise and the second sees the first.
 * SQLite serialises whole write transactions, so it needs no lock.
 */
export function messagesRepo(db: Kysely<Database>, lockRow: boolean): MessagesRepo {
  const bySenderID = async (sender: string, id: string) => {
    const r = await db
      .selectFrom('messages')
      .selectAll()
      .where('sender', '=', sender)
      .where('id', '=', id)
      .executeTakeFirst();
    return r && toMessage(r);
  };
  const byConversationID = async (conversationID: string, id: string) => {
    const r = await db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversationID)
      .where('id', '=', id)
      .executeTakeFirst();
    return r && toMessage(r);
  };
  return {
    bySenderID,
    byConversationID,
    async append(m) {
      if (lockRow) {
        await db.selectFrom('conversations').select('id').where('id', '=', m.conversationID).forUpdate().execute();
      }
      // Rule M8: an ID is taken in its conversation whoever sent it; the caller refuses another sender's.
      const existing = (await bySenderID(m.sender, m.id)) ?? (await byConversationID(m.conversationID, m.id));
      if (existing) return { message: existing, created: false };
      const bumped = await db
        .updateTable('conversations')
        .set((eb) => ({ last_seq: eb('last_seq', '+', 1), last_time: m.time }))
        .where('id', '=', m.conversationID)
        .returning('last_seq')
        .executeTakeFirst();
      if (!bumped) throw new Error(`conversation ${m.conversationID} does not exist`);
      const row = toRow(m, Number(bumped.last_seq));
      await db.insertInto('messages').values(row).execute();
      // Messages written outside the send path (system messages, tips) are indexed as they are stored (SRCH13).
      if (tokenField(row.type, row.payload) !== null) {
        await reindexMessage(db as Kysely<unknown>, lockRow, row.conversation_id, Number(row.seq));
      }
      return { message: toMessage(row), created: true };
    },
    async get(conversationID, seq) {
      const r = await db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', conversationID)
        .where('seq', '=', seq)
        .executeTakeFirst();
      return r && toMessage(r);
    },
    async pageBefore(conversationID, beforeSeq, limit, minSeq = 0) {
      let q = db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', conversationID)
        .where('seq', '>', minSeq);
      if (beforeSeq !== undefined) q = q.where('seq', '<', beforeSeq);
      const rows = await q.orderBy('seq', 'desc').limit(limit).execute();
      return rows.map(toMessage);
    },
    async pageAfter(conversationID, afterSeq, limit) {
      const rows = await db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', conversationID)
        .where('seq', '>', afterSeq)
        .orderBy('seq', 'asc')
        .limit(limit)
        .execute();
      return rows.map(toMessage);
    },
    async seqAtTime(conversationID, time, side) {
      const before = side === 'atOrBefore';
      const r = await db
        .selectFrom('messages')
        .select('seq')
        .where('conversation_id', '=', conversationID)
        .where('time', before ? '<=' : '>=', time)
        .orderBy('seq', before ? 'desc' : 'asc')
        .limit(1)
        .executeTakeFirst();
      return r ? Number(r.seq) : 0;
    },
    async countAfter(conversationID, afterSeq, excludeSender, upToSeq = Number.MAX_SAFE_INTEGER) {
      const r = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('conversation_id', '=', conversationID)
        .where('seq', '>', afterSeq)
        .where('seq', '<=', upToSeq)
        .where('sender', '!=', excludeSender)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
