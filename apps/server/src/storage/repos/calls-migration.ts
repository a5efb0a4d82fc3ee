import type { Kysely, Migration } from 'kysely';

/**
 * Calls signalling (decision 0038): each invitation and each invitee's state (invited → accepted, rejected, busy,
 * cancelled, timed out, left). The timeout is the server's: `deadline` is swept by every node (SIG7), so the state
 * outlives the node that took the invitation and the caller's closed tab.
 */
export const callInvitationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('call_invitations')
      .addColumn('invite_id', 'text', (c) => c.primaryKey())
      .addColumn('inviter', 'text', (c) => c.notNull())
      .addColumn('group_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('data', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('timeout', 'integer', (c) => c.notNull())
      .addColumn('online_only', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('call_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('deadline', 'bigint', (c) => c.notNull())
      .addColumn('accepted_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('ended_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('end_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('inviter_in', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    // The sweep reads the invitations not ended by deadline; the busy check the inviter's open ones.
    await db.schema
      .createIndex('call_invitations_open')
      .on('call_invitations')
      .columns(['state', 'deadline'])
      .execute();
    await db.schema
      .createIndex('call_invitations_inviter')
      .on('call_invitations')
      .columns(['inviter', 'state'])
      .execute();
    await db.schema
      .createIndex('call_invitations_group')
      .on('call_invitations')
      .columns(['group_id', 'state'])
      .execute();
    await db.schema
      .createTable('call_invitees')
      .addColumn('invite_id', 'text', (c) => c.notNull().references('call_invitations.invite_id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('call_invitees_pk', ['invite_id', 'user_id'])
      .execute();
    await db.schema.createIndex('call_invitees_user').on('call_invitees').columns(['user_id', 'state']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('call_invitees').execute();
    await db.schema.dropTable('call_invitations').execute();
  },
};
