import { type Kysely, sql } from 'kysely';
import type { ApplicationRow, GroupFields, GroupMemberRow, GroupRow, GroupsRepo } from '../../domain/groups/ports.ts';
import type { Database } from '../schema.ts';
import type { GroupMembersTable, GroupsTable } from './groups-schema.ts';
import { groupMutesRepo } from './group-mutes.ts';

const toGroup = (r: GroupsTable): GroupRow => ({
  groupID: r.group_id,
  type: r.type,
  name: r.name,
  avatar: r.avatar,
  introduction: r.introduction,
  notification: r.notification,
  ownerID: r.owner_id,
  joinOption: r.join_option,
  maxMembers: Number(r.max_members),
  muteAll: Number(r.mute_all) === 1,
  memberCount: Number(r.member_count),
  createdAt: Number(r.created_at),
  infoSeq: Number(r.info_seq),
  lastInfoTime: Number(r.last_info_time),
  dismissed: Number(r.dismissed) === 1,
  attributes: r.attributes,
  inviteOption: r.invite_option,
  customFields: r.custom_fields,
});

const toMember = (r: GroupMembersTable): GroupMemberRow => ({
  groupID: r.group_id,
  userID: r.user_id,
  role: r.role,
  joinTime: Number(r.join_time),
  joinSeq: Number(r.join_seq),
  muteUntil: Number(r.mute_until),
  nameCard: r.name_card,
  customFields: r.custom_fields,
  lastSendTime: Number(r.last_send_time),
});

function groupColumns(f: GroupFields): Partial<GroupsTable> {
  const set: Partial<GroupsTable> = {};
  if (f.name !== undefined) set.name = f.name;
  if (f.avatar !== undefined) set.avatar = f.avatar;
  if (f.introduction !== undefined) set.introduction = f.introduction;
  if (f.notification !== undefined) set.notification = f.notification;
  if (f.ownerID !== undefined) set.owner_id = f.ownerID;
  if (f.joinOption !== undefined) set.join_option = f.joinOption;
  if (f.muteAll !== undefined) set.mute_all = f.muteAll ? 1 : 0;
  if (f.memberCount !== undefined) set.member_count = f.memberCount;
  if (f.infoSeq !== undefined) set.info_seq = f.infoSeq;
  if (f.lastInfoTime !== undefined) set.last_info_time = f.lastInfoTime;
  if (f.dismissed !== undefined) set.dismissed = f.dismissed ? 1 : 0;
  if (f.attributes !== undefined) set.attributes = f.attributes;
  if (f.inviteOption !== undefined) set.invite_option = f.inviteOption;
  if (f.customFields !== undefined) set.custom_fields = f.customFields;
  return set;
}

const MANAGER_ROLES = ['Owner', 'Admin'];

export function groupsRepo(db: Kysely<Database>, pgLocks: boolean): GroupsRepo {
  const members = () => db.selectFrom('group_members').selectAll();
  /** Members other than the sender who joined before the message, with their read position in the conversation. */
  const eligible = (groupID: string, key: string, sender: string, seq: number) =>
    db
      .selectFrom('group_members as gm')
      .innerJoin('conversation_members as cm', (j) =>
        j.onRef('cm.user_id', '=', 'gm.user_id').on('cm.conversation_id', '=', key),
      )
      .where('gm.group_id', '=', groupID)
      .where('gm.user_id', '<>', sender)
      .where('gm.join_seq', '<', seq);
  return {
    ...groupMutesRepo(db),
    async create(g) {
      await db
        .insertInto('groups')
        .values({
          group_id: g.groupID,
          type: g.type,
          name: g.name,
          avatar: g.avatar,
          introduction: g.introduction,
          notification: g.notification,
          owner_id: g.ownerID,
          join_option: g.joinOption,
          max_members: g.maxMembers,
          mute_all: g.muteAll ? 1 : 0,
          member_count: g.memberCount,
          created_at: g.createdAt,
          info_seq: g.infoSeq,
          last_info_time: g.lastInfoTime,
          dismissed: g.dismissed ? 1 : 0,
          attributes: g.attributes,
          invite_option: g.inviteOption,
          custom_fields: g.customFields,
        })
        .execute();
    },
    async get(groupID) {
      const r = await db.selectFrom('groups').selectAll().where('group_id', '=', groupID).executeTakeFirst();
      return r && toGroup(r);
    },
    async lock(groupID) {
      if (pgLocks)
        await db.selectFrom('groups').select('group_id').where('group_id', '=', groupID).forUpdate().execute();
    },
    async update(groupID, fields) {
      const set = groupColumns(fields);
      if (Object.keys(set).length > 0)
        await db.updateTable('groups').set(set).where('group_id', '=', groupID).execute();
    },
    async addMember(m) {
      await db
        .insertInto('group_members')
        .values({
          group_id: m.groupID,
          user_id: m.userID,
          role: m.role,
          join_time: m.joinTime,
          join_seq: m.joinSeq,
          mute_until: m.muteUntil,
          name_card: m.nameCard,
          custom_fields: m.customFields,
          last_send_time: m.lastSendTime,
        })
        .execute();
    },
    async getMember(groupID, userID) {
      const r = await members().where('group_id', '=', groupID).where('user_id', '=', userID).executeTakeFirst();
      return r && toMember(r);
    },
    async members(groupID, offset, limit) {
      const rows = await members()
        .where('group_id', '=', groupID)
        .orderBy('join_time')
        .orderBy('user_id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toMember);
    },
    async membersByID(groupID, userIDs) {
      if (userIDs.length === 0) return [];
      const rows = await members()
        .where('group_id', '=', groupID)
        .where('user_id', 'in', [...userIDs])
        .execute();
      return rows.map(toMember);
    },
    async managers(groupID) {
      const rows = await db
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', '=', groupID)
        .where('role', 'in', MANAGER_ROLES)
        .orderBy('user_id')
        .execute();
      return rows.map((r) => r.user_id);
    },
    async allMemberIDs(groupID) {
      const rows = await db
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', '=', groupID)
        .orderBy('user_id')
        .execute();
      return rows.map((r) => r.user_id);
    },
    async updateMember(groupID, userID, f) {
      const set: Partial<GroupMembersTable> = {};
      if (f.role !== undefined) set.role = f.role;
      if (f.muteUntil !== undefined) set.mute_until = f.muteUntil;
      if (f.nameCard !== undefined) set.name_card = f.nameCard;
      if (f.customFields !== undefined) set.custom_fields = f.customFields;
      if (Object.keys(set).length === 0) return;
      await db
        .updateTable('group_members')
        .set(set)
        .where('group_id', '=', groupID)
        .where('user_id', '=', userID)
        .execute();
    },
    async recordLastSend(entries) {
      // One row at a time in key order: two nodes flushing at once lock rows in the same order.
      const sorted = [...entries].sort((a, b) =>
        a.groupID === b.groupID ? (a.userID < b.userID ? -1 : 1) : a.groupID < b.groupID ? -1 : 1,
      );
      for (const e of sorted)
        await db
          .updateTable('group_members')
          .set({ last_send_time: e.time })
          .where('group_id', '=', e.groupID)
          .where('user_id', '=', e.userID)
          .where('last_send_time', '<', e.time)
          .execute();
    },
    async removeMember(groupID, userID) {
      await db.deleteFrom('group_members').where('group_id', '=', groupID).where('user_id', '=', userID).execute();
    },
    async removeAllMembers(groupID) {
      await db.deleteFrom('group_members').where('group_id', '=', groupID).execute();
    },
    async groupsOf(userID) {
      const rows = await db
        .selectFrom('groups')
        .selectAll('groups')
        .innerJoin('group_members', 'group_members.group_id', 'groups.group_id')
        .where('group_members.user_id', '=', userID)
        .orderBy('groups.group_id')
        .execute();
      return rows.map((r) => toGroup(r as GroupsTable));
    },
    async groupsOfPage(userID, after, limit) {
      const rows = await db
        .selectFrom('groups')
        .selectAll('groups')
        .innerJoin('group_members', 'group_members.group_id', 'groups.group_id')
        .where('group_members.user_id', '=', userID)
        .where('groups.group_id', '>', after)
        .where('groups.dismissed', '=', 0)
        .orderBy('groups.group_id')
        .limit(limit)
        .execute();
      return rows.map((r) => toGroup(r as GroupsTable));
    },
    async groupCounts(userIDs) {
      const counts = new Map<string, number>();
      if (userIDs.length === 0) return counts;
      const rows = await db
        .selectFrom('group_members')
        .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('user_id', 'in', [...userIDs])
        .groupBy('user_id')
        .execute();
      for (const r of rows) counts.set(r.user_id, Number(r.n));
      return counts;
    },
    async putApplication(a) {
      const values = {
        group_id: a.groupID,
        applicant: a.applicant,
        message: a.message,
        created_at: a.createdAt,
        status: a.status,
        handled_by: a.handledBy,
        kind: a.kind,
        inviter: a.inviter,
      };
      await db
        .insertInto('group_applications')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['group_id', 'applicant']).doUpdateSet({
            message: a.message,
            created_at: a.createdAt,
            status: a.status,
            handled_by: a.handledBy,
            kind: a.kind,
            inviter: a.inviter,
          }),
        )
        .execute();
    },
    async getApplication(groupID, applicant) {
      const r = await db
        .selectFrom('group_applications')
        .selectAll()
        .where('group_id', '=', groupID)
        .where('applicant', '=', applicant)
        .executeTakeFirst();
      return r && toApplication(r);
    },
    async pendingApplications(groupIDs) {
      if (groupIDs.length === 0) return [];
      const rows = await db
        .selectFrom('group_applications')
        .selectAll()
        .where('group_id', 'in', [...groupIDs])
        .where('status', '=', 'pending')
        .where('kind', '=', 'join')
        .orderBy('created_at')
        .orderBy('applicant')
        .execute();
      return rows.map(toApplication);
    },
    async pendingInvitations(userID) {
      const rows = await db
        .selectFrom('group_applications')
        .selectAll()
        .where('applicant', '=', userID)
        .where('status', '=', 'pending')
        .where('kind', '=', 'invite')
        .orderBy('created_at')
        .orderBy('group_id')
        .execute();
      return rows.map(toApplication);
    },
    async readCount(groupID, key, sender, seq) {
      const r = await eligible(groupID, key, sender, seq)
        .select([
          sql<number>`count(*)`.as('n'),
          sql<number>`coalesce(sum(case when cm.read_seq >= ${seq} then 1 else 0 end), 0)`.as('r'),
        ])
        .executeTakeFirstOrThrow();
      const read = Number(r.r);
      return { read, unread: Number(r.n) - read };
    },
    async trimHistory(key, upToSeq) {
      const r = await db
        .deleteFrom('messages')
        .where('conversation_id', '=', key)
        .where('seq', '<=', upToSeq)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async readMembers(groupID, key, q) {
      const rows = await eligible(groupID, key, q.sender, q.seq)
        .where('cm.read_seq', q.read ? '>=' : '<', q.seq)
        .where('gm.user_id', '>', q.cursor)
        .select('gm.user_id')
        .orderBy('gm.user_id')
        .limit(q.limit)
        .execute();
      return rows.map((r) => r.user_id);
    },
  };
}

function toApplication(r: Database['group_applications']): ApplicationRow {
  return {
    groupID: r.group_id,
    applicant: r.applicant,
    message: r.message,
    createdAt: Number(r.created_at),
    status: r.status,
    handledBy: r.handled_by,
    kind: r.kind === 'invite' ? 'invite' : 'join',
    inviter: r.inviter,
  };
}
