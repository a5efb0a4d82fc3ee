import type { Kysely } from 'kysely';
import type { ConversationGroupsRepo } from '../../domain/conversation-groups/ports.ts';
import type { MemberRow } from '../../domain/ports.ts';
import type { Database } from '../schema.ts';

/** Conversation groups (migration 0033_conversation_groups, decision 0049), part of the conversations repo. */
export function conversationGroupsRepo(
  db: Kysely<Database>,
  listRows: (userID: string, grouped: true) => Promise<MemberRow[]>,
): ConversationGroupsRepo<MemberRow> {
  return {
    async groupNames(userID) {
      const rows = await db
        .selectFrom('conversation_groups')
        .select('name')
        .where('user_id', '=', userID)
        .orderBy('position')
        .execute();
      return rows.map((r) => r.name);
    },
    async createGroup(userID, name, now) {
      const last = await db
        .selectFrom('conversation_groups')
        .select((eb) => eb.fn.max('position').as('top'))
        .where('user_id', '=', userID)
        .executeTakeFirst();
      const r = await db
        .insertInto('conversation_groups')
        .values({ user_id: userID, name, position: Number(last?.top ?? 0) + 1, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async deleteGroup(userID, name) {
      const r = await db
        .deleteFrom('conversation_groups')
        .where('user_id', '=', userID)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async renameGroup(userID, oldName, newName) {
      const r = await db
        .updateTable('conversation_groups')
        .set({ name: newName })
        .where('user_id', '=', userID)
        .where('name', '=', oldName)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    groupedMembers: (userID) => listRows(userID, true),
  };
}
