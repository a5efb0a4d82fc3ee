import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Domain } from '../src/domain/context.ts';
import { deleteConversation, listConversations } from '../src/domain/conversations/actions.ts';
import { listMessages } from '../src/domain/messages/history.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import type { Storage } from '../src/domain/ports.ts';
import { housekeeperFor, truncateWal } from '../src/storage/housekeeping.ts';
import { sql } from '../src/storage/migrations.ts';
import { pgTestUrl, requireService } from './support/services.ts';
import { bareDomain, withUsers } from './support/domain.ts';
import { freshPostgres, freshSqlite } from './support/storage.ts';

const pgUrl = await requireService('postgres', pgTestUrl(), 'disk housekeeping on PostgreSQL');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const DAY = 86_400;
let clockMs = Date.UTC(2026, 10, 1);

const domainOf = (storage: Storage): Domain => bareDomain(storage, { now: () => clockMs });

let ids = 0;
const text100 = { text: 'z'.repeat(100) };
async function sendMany(d: Domain, from: string, to: string, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    ids += 1;
    await sendMessage(d, i % 2 === 0 ? from : to, {
      to: i % 2 === 0 ? to : from,
      conversationType: 'C2C',
      ID: `disk-${ids}`,
      type: 'TIMTextElem',
      payload: text100,
    });
  }
}

const messageCount = async (storage: Storage) => {
  const db = (storage as unknown as { db: Parameters<ReturnType<typeof sql>['execute']>[0] }).db;
  const r = await sql<{ n: number | string }>`SELECT count(*) AS n FROM messages`.execute(db);
  return Number(r.rows[0]?.n);
};

/** Runs housekeeping until a full sweep purged nothing more. */
async function houseKeep(storage: Storage, nowSeconds: number): Promise<void> {
  const keeper = housekeeperFor(storage, { rowsPerConversation: 500, conversationsPerRun: 2 });
  if (!keeper) throw new Error('no housekeeper');
  for (let i = 0; i < 1000; i += 1) {
    const run = await keeper.run(nowSeconds);
    if (run.sweptAll && run.purged === 0) return;
  }
  throw new Error('housekeeping did not settle');
}

for (const kind of pgUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
  const open = async () => {
    const s = kind === 'sqlite' || !pgUrl ? await freshSqlite() : await freshPostgres(pgUrl);
    closers.push(s.close);
    return s.storage;
  };

  describe(`disk housekeeping (${kind})`, () => {
    it('DSK1 history every member deleted is purged once older than the grace; nothing a member can still see', async () => {
      const storage = await open();
      await withUsers(storage, ['amy', 'bob', 'cat']);
      const d = domainOf(storage);
      await sendMany(d, 'amy', 'bob', 30);
      await sendMany(d, 'amy', 'cat', 30);
      await deleteConversation(d, 'amy', 'C2Cbob');
      await deleteConversation(d, 'bob', 'C2Camy');
      await deleteConversation(d, 'amy', 'C2Ccat'); // cat keeps hers
      const now = Math.floor(clockMs / 1000);
      await houseKeep(storage, now);
      expect(await messageCount(storage)).toBe(60); // within the grace: a retry of these IDs is still answered
      await houseKeep(storage, now + DAY + 1);
      expect(await messageCount(storage)).toBe(30);
      expect((await listMessages(d, 'cat', 'C2Camy', { count: 100 })).messageList).toHaveLength(30);
      // New messages after the purge: sequences go on, both see exactly the new ones.
      await sendMany(d, 'amy', 'bob', 3);
      const bobs = await listMessages(d, 'bob', 'C2Camy', {});
      expect(bobs.messageList.map((m) => m.sequence)).toEqual([31, 32, 33]);
      const [conversation] = (await listConversations(d, 'bob', 0)).conversationList;
      expect(conversation).toMatchObject({ lastSequence: 33, unreadCount: 1 });
    });
  });
}

describe('disk housekeeping (sqlite file)', () => {
  const fileBytes = (dir: string) => {
    const db = join(dir, 'parley.db');
    const wal = statSync(`${db}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    return statSync(db).size + wal;
  };

  /** Send-then-delete cycles; the file size after each (and, with housekeeping, the size before it ran). */
  async function churn(housekeeping: boolean, peaks: number[] = []): Promise<number[]> {
    const s = await freshSqlite();
    closers.push(s.close);
    await withUsers(s.storage, ['amy', 'bob']);
    const d = domainOf(s.storage);
    const sizes: number[] = [];
    for (let cycle = 0; cycle < 6; cycle += 1) {
      await sendMany(d, 'amy', 'bob', 800);
      await deleteConversation(d, 'amy', 'C2Cbob');
      await deleteConversation(d, 'bob', 'C2Camy');
      clockMs += (DAY + 1) * 1000;
      await truncateWal((s.storage as unknown as { db: never }).db);
      peaks.push(fileBytes(s.dir));
      if (housekeeping) await houseKeep(s.storage, Math.floor(clockMs / 1000));
      else await truncateWal((s.storage as unknown as { db: never }).db);
      sizes.push(fileBytes(s.dir));
    }
    return sizes;
  }

  it('DSK2 DSK3 the file stays bounded over repeated send-then-delete cycles (and grows without housekeeping)', async () => {
    const peaks: number[] = [];
    const kept = await churn(true, peaks);
    const first = kept[0] ?? 0;
    for (const size of kept) expect(size).toBeLessThanOrEqual(first * 1.25);
    // DSK2: the purged pages go back to the file system (incremental vacuum), not only to SQLite's free list.
    for (const [i, size] of kept.entries()) expect(size).toBeLessThan((peaks[i] ?? 0) * 0.6);
    const grown = await churn(false);
    // The same churn without housekeeping: every cycle's messages stay on disk.
    expect(grown.at(-1) ?? 0).toBeGreaterThan((grown[0] ?? 0) * 3);
    expect(grown.at(-1) ?? 0).toBeGreaterThan((kept.at(-1) ?? 0) * 3);
  }, 120_000);
});
