import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appliedMigrations,
  MIGRATION_COUNT,
  MIGRATION_NAMES,
  migrateTo,
  migrateToLatest,
} from '../src/storage/migrations.ts';
import { freshSqlite } from './support/storage.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function lockTableExists(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master
    where type = 'table' and name = 'kysely_migration_lock'`.execute(db);
  return Number(rows[0]?.n) === 1;
}

describe('start-up migration check', () => {
  it('ST6 a database that records every migration is not handed to the migrator; one that lacks a migration is', async () => {
    const fresh = await freshSqlite();
    closers.push(fresh.close);
    const db = (fresh.storage as unknown as { db: Kysely<unknown> }).db;
    expect(await appliedMigrations(db)).toBe(MIGRATION_COUNT);

    // The migrator would make its lock table again; the start-up check reads the bookkeeping and stops there.
    await sql`drop table kysely_migration_lock`.execute(db);
    await migrateToLatest(db);
    expect(await lockTableExists(db)).toBe(false);

    // One migration short: the migrator runs (and brings back its lock table) and applies it.
    await sql`create table kysely_migration_lock (id varchar(255) primary key, is_locked integer default 0 not null)`.execute(
      db,
    );
    await sql`insert into kysely_migration_lock (id, is_locked) values ('migration_lock', 0)`.execute(db);
    await migrateTo(db, MIGRATION_NAMES.at(-2) as string);
    expect(await appliedMigrations(db)).toBe(MIGRATION_COUNT - 1);
    await sql`drop table kysely_migration_lock`.execute(db);
    await migrateToLatest(db);
    expect(await lockTableExists(db)).toBe(true);
    expect(await appliedMigrations(db)).toBe(MIGRATION_COUNT);
  });
});
