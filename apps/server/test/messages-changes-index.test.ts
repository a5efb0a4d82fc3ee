import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { newProfileRow } from '../src/domain/accounts/actions.ts';
import type { Storage } from '../src/domain/ports.ts';
import { changedSinceQuery } from '../src/storage/repos/actions.ts';
import type { Database } from '../src/storage/schema.ts';
import { draft } from './support/drafts.ts';
import { KINDS, pgUrl } from './support/messaging.ts';
import { freshPostgres, freshSqlite } from './support/storage.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function fresh(kind: 'sqlite' | 'postgres'): Promise<Storage & { db: Kysely<Database> }> {
  const s = kind === 'sqlite' ? await freshSqlite() : await freshPostgres(pgUrl as string);
  closers.push(s.close);
  return s.storage as Storage & { db: Kysely<Database> };
}

/**
 * SP13 (migration 0020). The index of changed messages holds only messages changed in place: a send writes no entry
 * in it, one page fewer per one-message commit. The catch-up of changes (ACT9) still reads it.
 */
describe.each(KINDS)('the index of changed messages (%s)', (kind) => {
  it('SP13 holds only changed messages, and the catch-up of changes is answered from it', async () => {
    const storage = await fresh(kind);
    for (const userID of ['amy', 'bob']) {
      await storage.accounts.create(
        { userID, passwordHash: null, mobile: null, identity: 0, createdAt: 1 },
        newProfileRow(userID, 1, { nick: userID }),
      );
    }
    const outcomes = await storage.sends.appendBatch(
      Array.from({ length: 30 }, (_, i) => draft('amy', 'bob', `c-${i}`)),
    );
    const conversationID = draft('amy', 'bob', 'x').message.conversationID;
    const seqs = outcomes.map((o) => (o.kind === 'stored' ? o.message.seq : -1));
    for (const seq of [seqs[20], seqs[4]] as number[]) {
      await storage.actions.stamp(conversationID, seq, await storage.actions.nextChange(conversationID));
    }
    const changed = await storage.actions.changedSince(conversationID, 0, 100);
    expect(changed.map((m) => [m.seq, m.changeSeq])).toEqual([
      [seqs[20], 1],
      [seqs[4], 2],
    ]);
    expect((await storage.actions.changedSince(conversationID, 1, 100)).map((m) => m.seq)).toEqual([seqs[4]]);

    // After 1: a cursor of 0 would match the index's own `> 0` by its bound value alone.
    const query = changedSinceQuery(storage.db, conversationID, 1, 100).compile();
    if (kind === 'sqlite') {
      const list = await sql<{ name: string; partial: number }>`pragma index_list('messages')`.execute(storage.db);
      expect(list.rows.find((r) => r.name === 'messages_changes')?.partial).toBe(1);
      // The catch-up's own statement, with its values, as SQLite plans it.
      const plan = await storage.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      expect(plan.rows.map((r) => r.detail).join(' | ')).toContain('USING INDEX messages_changes');
    } else {
      const def = await sql<{ indexdef: string }>`select indexdef from pg_indexes
        where indexname = 'messages_changes' and schemaname = current_schema()`.execute(storage.db);
      expect(def.rows[0]?.indexdef).toMatch(/WHERE \(change_seq > 0\)/);
    }
  });
});
