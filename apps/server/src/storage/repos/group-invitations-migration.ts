import type { Kysely, Migration } from 'kysely';

/**
 * Group invitations that wait for the invitee (decision 0012 addendum 2, rule GRP23). They share
 * `group_applications` with join applications: both are "a user waiting to become a member, answered once". Only
 * Work groups take invitations and Work groups take no join applications, so the key (group, user) never holds both.
 * `kind` tells them apart ('join' for every row written before), `inviter` names who invited.
 */
export const groupInvitationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('group_applications')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('join'))
      .execute();
    await db.schema
      .alterTable('group_applications')
      .addColumn('inviter', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // getGroupApplicationList reads an invitee's pending invitations by user.
    await db.schema.createIndex('group_applications_user').on('group_applications').column('applicant').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('group_applications_user').execute();
    await db.schema.alterTable('group_applications').dropColumn('inviter').execute();
    await db.schema.alterTable('group_applications').dropColumn('kind').execute();
  },
};
