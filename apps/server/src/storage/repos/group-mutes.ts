import type { Kysely } from 'kysely';
import type { GroupsRepo } from '../../domain/groups/ports.ts';
import type { Database } from '../schema.ts';

/**
 * Mutes kept while their member is out of the group (rule ABU10, migration 0022): a row per (group, user) written
 * when a muted member leaves and taken back when they join again, so quitting and rejoining ends no mute early.
 */
export function groupMutesRepo(db: Kysely<Database>): Pick<GroupsRepo, 'keepMute' | 'takeMute'> {
  return {
    async keepMute(groupID, userID, muteUntil) {
      await db
        .insertInto('group_mutes')
        .values({ group_id: groupID, user_id: userID, mute_until: muteUntil })
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ mute_until: muteUntil }))
        .execute();
    },
    async takeMute(groupID, userID) {
      const row = await db
        .deleteFrom('group_mutes')
        .where('group_id', '=', groupID)
        .where('user_id', '=', userID)
        .returning('mute_until')
        .executeTakeFirst();
      return row ? Number(row.mute_until) : 0;
    },
  };
}
