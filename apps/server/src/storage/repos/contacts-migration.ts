import type { Kysely, Migration } from 'kysely';

/**
 * Contacts (decision 0017): friendships (one row per direction), pending friend requests, blocklists and presence
 * subscriptions. Profiles already have their table (0001); presence itself is live state, not stored here.
 */
export const contactsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('friends')
      .addColumn('user_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
      .addColumn('friend_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('wording', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('add_time', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('friends_pk', ['user_id', 'friend_id'])
      .execute();
    // Who sees a user (profile changes go to them): a range on the friend side.
    await db.schema.createIndex('friends_friend').on('friends').columns(['friend_id', 'user_id']).execute();
    await db.schema
      .createTable('friend_applications')
      .addColumn('to_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
      .addColumn('from_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
      .addColumn('wording', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('add_type', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('friend_applications_pk', ['to_id', 'from_id'])
      .execute();
    await db.schema
      .createIndex('friend_applications_from')
      .on('friend_applications')
      .columns(['from_id', 'to_id'])
      .execute();
    await db.schema
      .createTable('blacklist')
      .addColumn('user_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
      .addColumn('blocked_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('blacklist_pk', ['user_id', 'blocked_id'])
      .execute();
    await db.schema
      .createTable('status_subscriptions')
      .addColumn('subscriber', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
      .addColumn('target', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('status_subscriptions_pk', ['subscriber', 'target'])
      .execute();
    await db.schema
      .createIndex('status_subscriptions_target')
      .on('status_subscriptions')
      .columns(['target', 'subscriber'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('status_subscriptions').execute();
    await db.schema.dropTable('blacklist').execute();
    await db.schema.dropTable('friend_applications').execute();
    await db.schema.dropTable('friends').execute();
  },
};
