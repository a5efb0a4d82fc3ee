import type { Kysely } from 'kysely';
import type { ConversationsRepo, MemberFields, MemberRow } from '../../domain/ports.ts';
import type { ConversationMembersTable, Database } from '../schema.ts';
import { conversationGroupsRepo } from './conversation-groups.ts';

type MemberRecord = Omit<
  ConversationMembersTable,
  'draft_text' | 'draft_time' | 'mark_mask' | 'group_names' | 'custom_data'
> & {
  draft_text: string;
  draft_time: number;
  mark_mask: string;
  group_names: string;
  custom_data: string;
};

/** A row's group names (CGRP1); a value that is not an array of strings reads as none. */
function namesOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

const toMember = (r: MemberRecord): MemberRow => ({
  conversationID: r.conversation_id,
  userID: r.user_id,
  viewID: r.view_id,
  peerID: r.peer_id,
  readSeq: Number(r.read_seq),
  clearedSeq: Number(r.cleared_seq),
  isPinned: Number(r.is_pinned) === 1,
  pinnedAt: Number(r.pinned_at),
  remindType: r.remind_type,
  hidden: Number(r.hidden) === 1,
  syncVersion: Number(r.sync_version),
  draftText: r.draft_text,
  draftTime: Number(r.draft_time),
  markMask: BigInt(r.mark_mask),
  groupNames: namesOf(r.group_names),
  customData: r.custom_data,
});

function memberColumns(f: MemberFields): Partial<MemberRecord> {
  const set: Partial<MemberRecord> = {};
  if (f.readSeq !== undefined) set.read_seq = f.readSeq;
  if (f.clearedSeq !== undefined) set.cleared_seq = f.clearedSeq;
  if (f.isPinned !== undefined) set.is_pinned = f.isPinned ? 1 : 0;
  if (f.pinnedAt !== undefined) set.pinned_at = f.pinnedAt;
  if (f.remindType !== undefined) set.remind_type = f.remindType;
  if (f.hidden !== undefined) set.hidden = f.hidden ? 1 : 0;
  if (f.draftText !== undefined) set.draft_text = f.draftText;
  if (f.draftTime !== undefined) set.draft_time = f.draftTime;
  if (f.markMask !== undefined) set.mark_mask = f.markMask.toString();
  if (f.groupNames !== undefined) set.group_names = JSON.stringify(f.groupNames);
  if (f.customData !== undefined) set.custom_data = f.customData;
  return set;
}

export function conversationsRepo(db: Kysely<Database>, pgLocks: boolean): ConversationsRepo {
  const getMember = async (userID: string, viewID: string) => {
    const r = await db
      .selectFrom('conversation_members')
      .selectAll()
      .where('user_id', '=', userID)
      .where('view_id', '=', viewID)
      .executeTakeFirst();
    return r && toMember(r);
  };
  const get = async (id: string) => {
    const r = await db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    return (
      r && {
        id: r.id,
        type: r.type,
        lastSeq: Number(r.last_seq),
        lastTime: Number(r.last_time),
        createdAt: Number(r.created_at),
        purgedSeq: Number(r.purged_seq ?? 0),
      }
    );
  };
  const groupedRows = async (userID: string) => {
    const rows = await db
      .selectFrom('conversation_members')
      .selectAll()
      .where('user_id', '=', userID)
      .where('group_names', '<>', '[]')
      .execute();
    return rows.map(toMember).filter((m) => m.groupNames.length > 0);
  };
  return {
    ...conversationGroupsRepo(db, groupedRows),
    get,
    getMember,
    async lock(id) {
      if (pgLocks) await db.selectFrom('conversations').select('id').where('id', '=', id).forUpdate().execute();
    },
    async ensure(id, type, now) {
      await db
        .insertInto('conversations')
        .values({ id, type, last_seq: 0, last_time: 0, created_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const row = await get(id);
      if (!row) throw new Error(`conversation ${id} vanished`);
      return row;
    },
    async ensureMember(m) {
      await db
        .insertInto('conversation_members')
        .values({
          conversation_id: m.conversationID,
          user_id: m.userID,
          view_id: m.viewID,
          peer_id: m.peerID,
          read_seq: 0,
          cleared_seq: 0,
          is_pinned: 0,
          pinned_at: 0,
          remind_type: 'AcceptAndNotify',
          hidden: 0,
          sync_version: 0,
        })
        .onConflict((oc) => oc.columns(['user_id', 'view_id']).doNothing())
        .execute();
      const row = await getMember(m.userID, m.viewID);
      if (!row) throw new Error(`member ${m.userID}/${m.viewID} vanished`);
      return row;
    },
    async members(conversationID) {
      const rows = await db
        .selectFrom('conversation_members')
        .selectAll()
        .where('conversation_id', '=', conversationID)
        .execute();
      return rows.map(toMember);
    },
    async listMembers(userID, sinceVersion) {
      const rows = await db
        .selectFrom('conversation_members')
        .selectAll()
        .where('user_id', '=', userID)
        .where('sync_version', '>', sinceVersion)
        .orderBy('sync_version')
        .execute();
      return rows.map(toMember);
    },
    async updateMember(userID, viewID, fields) {
      const set = memberColumns(fields);
      if (Object.keys(set).length > 0) {
        await db
          .updateTable('conversation_members')
          .set(set)
          .where('user_id', '=', userID)
          .where('view_id', '=', viewID)
          .execute();
      }
      return getMember(userID, viewID);
    },
    async touch(userID, viewID, fields = {}) {
      const r = await db
        .insertInto('user_sync')
        .values({ user_id: userID, version: 1 })
        .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ version: eb('user_sync.version', '+', 1) })))
        .returning('version')
        .executeTakeFirstOrThrow();
      const version = Number(r.version);
      await db
        .updateTable('conversation_members')
        .set({ ...memberColumns(fields), sync_version: version })
        .where('user_id', '=', userID)
        .where('view_id', '=', viewID)
        .execute();
      return version;
    },
    async listGroupMembers(userID) {
      // 'GROUQ' is the first string after every 'GROUP…': a range on (user_id, view_id), not a scan of the user's rows.
      const rows = await db
        .selectFrom('conversation_members')
        .selectAll()
        .where('user_id', '=', userID)
        .where('view_id', '>=', 'GROUP')
        .where('view_id', '<', 'GROUQ')
        .execute();
      return rows.map(toMember);
    },
    async listMembersPage(userID, q) {
      let query = db
        .selectFrom('conversation_members')
        .selectAll()
        .where('user_id', '=', userID)
        .where('view_id', '>', q.after);
      // Group rows are listed whatever their version (a group message moves no member row, GRP13).
      query = q.withGroups
        ? query.where((eb) =>
            eb.or([
              eb('sync_version', '>', q.since),
              eb.and([eb('view_id', '>=', 'GROUP'), eb('view_id', '<', 'GROUQ')]),
            ]),
          )
        : query.where('sync_version', '>', q.since);
      if (q.visibleOnly) query = query.where('hidden', '=', 0);
      const rows = await query.orderBy('view_id').limit(q.limit).execute();
      return rows.map(toMember);
    },
    async removeMember(userID, viewID) {
      await db.deleteFrom('conversation_members').where('user_id', '=', userID).where('view_id', '=', viewID).execute();
    },
    async syncVersion(userID) {
      const r = await db.selectFrom('user_sync').select('version').where('user_id', '=', userID).executeTakeFirst();
      return r ? Number(r.version) : 0;
    },
  };
}
