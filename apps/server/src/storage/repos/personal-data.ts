import { GROUP_ROLE } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { PersonalDataStore, SentMessage } from '../../domain/accounts/personal-data-ports.ts';
import type { Storage } from '../../domain/ports.ts';
import type { Database } from '../schema.ts';

const parse = (json: string): unknown => {
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
};

/** Export reads and account erasure over SQLite or PostgreSQL (decision 0051). */
export function personalDataRepo(db: Kysely<Database>): PersonalDataStore {
  return {
    async seats(userID) {
      const rows = await db
        .selectFrom('group_members as m')
        .innerJoin('groups as g', 'g.group_id', 'm.group_id')
        .select(['g.group_id', 'g.type', 'g.name', 'g.member_count', 'm.role', 'm.join_time', 'm.name_card'])
        .where('m.user_id', '=', userID)
        .where('g.dismissed', '=', 0)
        .orderBy('g.group_id')
        .execute();
      return rows.map((r) => ({
        groupID: r.group_id,
        type: r.type,
        name: r.name,
        role: r.role,
        joinTime: Number(r.join_time),
        nameCard: r.name_card,
        memberCount: Number(r.member_count),
      }));
    },
    async successor(groupID, leaving) {
      const r = await db
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', '=', groupID)
        .where('user_id', '!=', leaving)
        .orderBy((eb) => eb.case().when('role', '=', GROUP_ROLE.ADMIN).then(0).else(1).end())
        .orderBy('join_seq')
        .orderBy('user_id')
        .limit(1)
        .executeTakeFirst();
      return r?.user_id;
    },
    async friendIDs(userID) {
      const rows = await db.selectFrom('friends').select('friend_id').where('user_id', '=', userID).execute();
      return rows.map((r) => r.friend_id);
    },
    async contacts(userID) {
      const [friends, friendGroups, friendGroupMembers, incoming, outgoing, blocklist] = await Promise.all([
        db.selectFrom('friends').selectAll().where('user_id', '=', userID).orderBy('friend_id').execute(),
        db.selectFrom('friend_groups').selectAll().where('user_id', '=', userID).orderBy('name').execute(),
        db.selectFrom('friend_group_members').selectAll().where('user_id', '=', userID).execute(),
        db.selectFrom('friend_applications').selectAll().where('to_id', '=', userID).execute(),
        db.selectFrom('friend_applications').selectAll().where('from_id', '=', userID).execute(),
        db.selectFrom('blacklist').selectAll().where('user_id', '=', userID).orderBy('blocked_id').execute(),
      ]);
      return {
        friends: friends.map((f) => ({
          userID: f.friend_id,
          remark: f.remark,
          source: f.source,
          wording: f.wording,
          addTime: Number(f.add_time),
        })),
        friendGroups: friendGroups.map((g) => ({
          name: g.name,
          createdAt: Number(g.created_at),
          userIDList: friendGroupMembers.filter((m) => m.name === g.name).map((m) => m.friend_id),
        })),
        friendRequests: [
          ...incoming.map((a) => ({
            direction: 'received',
            userID: a.from_id,
            wording: a.wording,
            source: a.source,
            time: Number(a.created_at),
          })),
          ...outgoing.map((a) => ({
            direction: 'sent',
            userID: a.to_id,
            wording: a.wording,
            source: a.source,
            remark: a.remark,
            time: Number(a.created_at),
          })),
        ],
        blocklist: blocklist.map((b) => ({ userID: b.blocked_id, time: Number(b.created_at) })),
      };
    },
    async sentMessages(userID, after, limit) {
      let q = db
        .selectFrom('messages')
        .select([
          'conversation_id',
          'seq',
          'id',
          'receiver',
          'type',
          'payload',
          'cloud_custom_data',
          'time',
          'is_revoked',
          'is_modified',
        ])
        .where('sender', '=', userID)
        .where('is_deleted', '=', 0);
      if (after) {
        q = q.where((eb) =>
          eb.or([
            eb('conversation_id', '>', after.conversationID),
            eb.and([eb('conversation_id', '=', after.conversationID), eb('seq', '>', after.seq)]),
          ]),
        );
      }
      const rows = await q.orderBy('conversation_id').orderBy('seq').limit(limit).execute();
      return rows.map(
        (r): SentMessage => ({
          conversationID: r.conversation_id,
          seq: Number(r.seq),
          ID: r.id,
          to: r.receiver,
          type: r.type,
          payload: Number(r.is_revoked) === 1 ? {} : parse(r.payload),
          cloudCustomData: r.cloud_custom_data,
          time: Number(r.time),
          isRevoked: Number(r.is_revoked) === 1,
          isModified: Number(r.is_modified) === 1,
        }),
      );
    },
    async erase(userID, now) {
      return db.transaction().execute(async (tx) => {
        const touched = await tx
          .selectFrom('messages')
          .select('conversation_id')
          .distinct()
          .where('sender', '=', userID)
          .execute();
        // The messages stay in the other members' histories, without the name and face they were sent with (PDAT12).
        await tx
          .updateTable('messages')
          .set({ nick: '', avatar: '', name_card: '', wire: '' })
          .where('sender', '=', userID)
          .execute();
        await tx.deleteFrom('message_reactions').where('user_id', '=', userID).execute();
        await tx.deleteFrom('message_hidden').where('user_id', '=', userID).execute();
        await tx.deleteFrom('group_members').where('user_id', '=', userID).execute();
        await tx.deleteFrom('group_applications').where('applicant', '=', userID).execute();
        await tx.deleteFrom('group_mutes').where('user_id', '=', userID).execute();
        await tx.deleteFrom('conversation_members').where('user_id', '=', userID).execute();
        await tx.deleteFrom('blacklist').where('blocked_id', '=', userID).execute();
        await tx.deleteFrom('status_subscriptions').where('target', '=', userID).execute();
        await tx.deleteFrom('friend_group_members').where('friend_id', '=', userID).execute();
        await tx.deleteFrom('user_sync').where('user_id', '=', userID).execute();
        await tx.deleteFrom('upload_files').where('owner', '=', userID).execute();
        await tx
          .insertInto('deleted_accounts')
          .values({ user_id: userID, deleted_at: now })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
        // Cascades to the profile, sessions, friends and requests both ways, own blocklist, friend groups,
        // presence subscriptions and the portal's rows of the user (résumé, company, jobs, bookings ...).
        await tx.deleteFrom('accounts').where('user_id', '=', userID).execute();
        return touched.map((r) => r.conversation_id);
      });
    },
  };
}

/** The store of a storage opened by `openStorage`; undefined for other Storage implementations. */
export function personalDataFor(storage: Storage): PersonalDataStore | undefined {
  const s = storage as Partial<{ db: Kysely<Database>; kind: string }>;
  if (!s.db || (s.kind !== 'sqlite' && s.kind !== 'postgres')) return undefined;
  return personalDataRepo(s.db);
}
