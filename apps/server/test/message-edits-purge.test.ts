import { afterEach, describe, expect, it } from 'vitest';
import type { Domain } from '../src/domain/context.ts';
import { modifyMessage } from '../src/domain/actions/modify.ts';
import { deleteConversation } from '../src/domain/conversations/actions.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import type { Storage } from '../src/domain/ports.ts';
import { housekeeperFor } from '../src/storage/housekeeping.ts';
import { sql } from '../src/storage/migrations.ts';
import { bareDomain, withUsers } from './support/domain.ts';
import { pgTestUrl, requireService } from './support/services.ts';
import { freshPostgres, freshSqlite } from './support/storage.ts';

const pgUrl = await requireService('postgres', pgTestUrl(), 'edited messages purge on PostgreSQL');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const DAY = 86_400;
const clockMs = Date.UTC(2026, 10, 1);

const versionRows = async (storage: Storage) => {
  const db = (storage as unknown as { db: Parameters<ReturnType<typeof sql>['execute']>[0] }).db;
  const r = await sql<{ n: number | string }>`SELECT count(*) AS n FROM message_versions`.execute(db);
  return Number(r.rows[0]?.n);
};

async function houseKeep(storage: Storage, nowSeconds: number): Promise<void> {
  const keeper = housekeeperFor(storage, { rowsPerConversation: 500, conversationsPerRun: 2 });
  if (!keeper) throw new Error('no housekeeper');
  for (let i = 0; i < 1000; i += 1) {
    const run = await keeper.run(nowSeconds);
    if (run.sweptAll && run.purged === 0) return;
  }
  throw new Error('housekeeping did not settle');
}

async function editedPair(d: Domain, ID: string): Promise<void> {
  await sendMessage(d, 'amy', { to: 'bob', conversationType: 'C2C', ID, type: 'TIMTextElem', payload: { text: 'a' } });
  await modifyMessage(d, 'amy', 'C2Cbob', ID, { version: 0, payload: { text: 'b' } });
  await modifyMessage(d, 'amy', 'C2Cbob', ID, { version: 1, payload: { text: 'c' } });
}

for (const kind of pgUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
  describe(`edited messages purge (${kind})`, () => {
    it('EDIT8 a purged message takes its kept texts with it', async () => {
      const s = kind === 'sqlite' || !pgUrl ? await freshSqlite() : await freshPostgres(pgUrl);
      closers.push(s.close);
      await withUsers(s.storage, ['amy', 'bob']);
      const d = bareDomain(s.storage, { now: () => clockMs });
      await editedPair(d, 'e1');
      await editedPair(d, 'e2');
      expect(await versionRows(s.storage)).toBe(4);
      await deleteConversation(d, 'amy', 'C2Cbob');
      await deleteConversation(d, 'bob', 'C2Camy');
      await houseKeep(s.storage, Math.floor(clockMs / 1000) + DAY + 1);
      expect(await versionRows(s.storage)).toBe(0);
    });
  });
}
