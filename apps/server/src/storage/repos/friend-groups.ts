import type { Kysely } from 'kysely';
import type { ContactsRepo } from '../../domain/contacts/ports.ts';
import type { Database } from '../schema.ts';

type FriendGroupMethods = Pick<
  ContactsRepo,
  | 'friendGroups'
  | 'createFriendGroup'
  | 'deleteFriendGroup'
  | 'renameFriendGroup'
  | 'addToFriendGroup'
  | 'removeFromFriendGroup'
>;

/** Friend groups (migration 0024_friend_groups), part of the contacts repo. */
export function friendGroupsRepo(db: Kysely<Database>): FriendGroupMethods {
  return {
    async friendGroups(userID) {
      const groups = await db
        .selectFrom('friend_groups')
        .select('name')
        .where('user_id', '=', userID)
        .orderBy('created_at')
        .orderBy('name')
        .execute();
      const members = await db
        .selectFrom('friend_group_members')
        .select(['name', 'friend_id'])
        .where('user_id', '=', userID)
        .orderBy('friend_id')
        .execute();
      return groups.map(({ name }) => ({
        name,
        friendIDs: members.filter((m) => m.name === name).map((m) => m.friend_id),
      }));
    },
    async createFriendGroup(userID, name, now) {
      const r = await db
        .insertInto('friend_groups')
        .values({ user_id: userID, name, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async deleteFriendGroup(userID, name) {
      await db.deleteFrom('friend_group_members').where('user_id', '=', userID).where('name', '=', name).execute();
      const r = await db
        .deleteFrom('friend_groups')
        .where('user_id', '=', userID)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async renameFriendGroup(userID, oldName, newName) {
      const r = await db
        .updateTable('friend_groups')
        .set({ name: newName })
        .where('user_id', '=', userID)
        .where('name', '=', oldName)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      await db
        .updateTable('friend_group_members')
        .set({ name: newName })
        .where('user_id', '=', userID)
        .where('name', '=', oldName)
        .execute();
      return true;
    },
    async addToFriendGroup(userID, name, friendIDs) {
      if (friendIDs.length === 0) return;
      await db
        .insertInto('friend_group_members')
        .values(friendIDs.map((friend_id) => ({ user_id: userID, name, friend_id })))
        .onConflict((oc) => oc.columns(['user_id', 'name', 'friend_id']).doNothing())
        .execute();
    },
    async removeFromFriendGroup(userID, name, friendIDs) {
      if (friendIDs.length === 0) return;
      await db
        .deleteFrom('friend_group_members')
        .where('user_id', '=', userID)
        .where('name', '=', name)
        .where('friend_id', 'in', [...friendIDs])
        .execute();
    },
  };
}
