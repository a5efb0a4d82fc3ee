import type { Kysely } from 'kysely';
import type { ContactsRepo, FriendApplicationRow, FriendRow } from '../../domain/contacts/ports.ts';
import type { Database } from '../schema.ts';
import type { FriendApplicationsTable, FriendsTable } from './contacts-schema.ts';
import { friendGroupsRepo } from './friend-groups.ts';

const toFriend = (r: FriendsTable): FriendRow => ({
  userID: r.user_id,
  friendID: r.friend_id,
  remark: r.remark,
  source: r.source,
  wording: r.wording,
  addTime: Number(r.add_time),
});

const toApplication = (r: FriendApplicationsTable): FriendApplicationRow => ({
  toID: r.to_id,
  fromID: r.from_id,
  wording: r.wording,
  source: r.source,
  remark: r.remark,
  addType: r.add_type,
  createdAt: Number(r.created_at),
  read: Number(r.is_read) === 1,
});

const changed = (result: {
  numUpdatedRows?: bigint | undefined;
  numDeletedRows?: bigint | undefined;
  numInsertedOrUpdatedRows?: bigint | undefined;
}) => Number(result.numUpdatedRows ?? result.numDeletedRows ?? result.numInsertedOrUpdatedRows ?? 0) > 0;

export function contactsRepo(db: Kysely<Database>): ContactsRepo {
  return {
    ...friendGroupsRepo(db),
    async friends(userID) {
      const rows = await db
        .selectFrom('friends')
        .selectAll()
        .where('user_id', '=', userID)
        .orderBy('friend_id')
        .execute();
      return rows.map(toFriend);
    },
    async friendRows(userID, friendIDs) {
      if (friendIDs.length === 0) return [];
      const rows = await db
        .selectFrom('friends')
        .selectAll()
        .where('user_id', '=', userID)
        .where('friend_id', 'in', [...friendIDs])
        .execute();
      return rows.map(toFriend);
    },
    async listing(userIDs, friendID) {
      if (userIDs.length === 0) return [];
      const rows = await db
        .selectFrom('friends')
        .select('user_id')
        .where('friend_id', '=', friendID)
        .where('user_id', 'in', [...userIDs])
        .execute();
      return rows.map((r) => r.user_id);
    },
    async listedBy(friendID) {
      const rows = await db.selectFrom('friends').select('user_id').where('friend_id', '=', friendID).execute();
      return rows.map((r) => r.user_id);
    },
    async countFriends(userID) {
      const row = await db
        .selectFrom('friends')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userID)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async addFriend(f) {
      const result = await db
        .insertInto('friends')
        .values({
          user_id: f.userID,
          friend_id: f.friendID,
          remark: f.remark,
          source: f.source,
          wording: f.wording,
          add_time: f.addTime,
        })
        .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
        .executeTakeFirst();
      return changed(result);
    },
    async setRemark(userID, friendID, remark) {
      const result = await db
        .updateTable('friends')
        .set({ remark })
        .where('user_id', '=', userID)
        .where('friend_id', '=', friendID)
        .executeTakeFirst();
      return changed(result);
    },
    async deleteFriend(userID, friendID) {
      const result = await db
        .deleteFrom('friends')
        .where('user_id', '=', userID)
        .where('friend_id', '=', friendID)
        .executeTakeFirst();
      return changed(result);
    },
    async putApplication(a) {
      const values = {
        to_id: a.toID,
        from_id: a.fromID,
        wording: a.wording,
        source: a.source,
        remark: a.remark,
        add_type: a.addType,
        created_at: a.createdAt,
        is_read: a.read ? 1 : 0,
      };
      await db
        .insertInto('friend_applications')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['to_id', 'from_id']).doUpdateSet({
            wording: values.wording,
            source: values.source,
            remark: values.remark,
            add_type: values.add_type,
            created_at: values.created_at,
            is_read: values.is_read,
          }),
        )
        .execute();
    },
    async getApplication(toID, fromID) {
      const r = await db
        .selectFrom('friend_applications')
        .selectAll()
        .where('to_id', '=', toID)
        .where('from_id', '=', fromID)
        .executeTakeFirst();
      return r && toApplication(r);
    },
    async deleteApplication(toID, fromID) {
      const result = await db
        .deleteFrom('friend_applications')
        .where('to_id', '=', toID)
        .where('from_id', '=', fromID)
        .executeTakeFirst();
      return changed(result);
    },
    async applications(userID) {
      const rows = await db
        .selectFrom('friend_applications')
        .selectAll()
        .where((eb) => eb.or([eb('to_id', '=', userID), eb('from_id', '=', userID)]))
        .orderBy('created_at', 'desc')
        .orderBy('from_id')
        .execute();
      return rows.map(toApplication);
    },
    async markApplicationsRead(userID) {
      const result = await db
        .updateTable('friend_applications')
        .set({ is_read: 1 })
        .where('to_id', '=', userID)
        .where('is_read', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows ?? 0);
    },
    async blacklist(userID) {
      const rows = await db
        .selectFrom('blacklist')
        .select('blocked_id')
        .where('user_id', '=', userID)
        .orderBy('created_at')
        .orderBy('blocked_id')
        .execute();
      return rows.map((r) => r.blocked_id);
    },
    async allBlocks() {
      const rows = await db.selectFrom('blacklist').select(['user_id', 'blocked_id']).execute();
      return rows.map((r) => ({ userID: r.user_id, blockedID: r.blocked_id }));
    },
    async isBlocked(blocker, blocked) {
      const row = await db
        .selectFrom('blacklist')
        .select('blocked_id')
        .where('user_id', '=', blocker)
        .where('blocked_id', '=', blocked)
        .executeTakeFirst();
      return row !== undefined;
    },
    async block(userID, blockedIDs, now) {
      if (blockedIDs.length === 0) return;
      await db
        .insertInto('blacklist')
        .values(blockedIDs.map((id) => ({ user_id: userID, blocked_id: id, created_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'blocked_id']).doNothing())
        .execute();
    },
    async unblock(userID, blockedIDs) {
      if (blockedIDs.length === 0) return;
      await db
        .deleteFrom('blacklist')
        .where('user_id', '=', userID)
        .where('blocked_id', 'in', [...blockedIDs])
        .execute();
    },
    async subscribe(subscriber, targets) {
      if (targets.length === 0) return;
      await db
        .insertInto('status_subscriptions')
        .values(targets.map((target) => ({ subscriber, target })))
        .onConflict((oc) => oc.columns(['subscriber', 'target']).doNothing())
        .execute();
    },
    async unsubscribe(subscriber, targets) {
      let q = db.deleteFrom('status_subscriptions').where('subscriber', '=', subscriber);
      if (targets) {
        if (targets.length === 0) return;
        q = q.where('target', 'in', [...targets]);
      }
      await q.execute();
    },
    async subscriptions(subscriber) {
      const rows = await db
        .selectFrom('status_subscriptions')
        .select('target')
        .where('subscriber', '=', subscriber)
        .orderBy('target')
        .execute();
      return rows.map((r) => r.target);
    },
    async subscribersOf(target) {
      const rows = await db
        .selectFrom('status_subscriptions')
        .select('subscriber')
        .where('target', '=', target)
        .execute();
      return rows.map((r) => r.subscriber);
    },
  };
}
