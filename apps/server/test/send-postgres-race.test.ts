import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { sendMessage } from '../src/domain/messages/send.ts';
import type { SendDraft } from '../src/domain/messages/send-port.ts';
import { postgresSendStore } from '../src/storage/repos/send-postgres.ts';
import { cleanupApps } from './support/app.ts';
import { draft } from './support/drafts.ts';
import { makeChat, nextID, pgUrl, textTo } from './support/messaging.ts';

afterEach(cleanupApps);

const input = textTo;

/**
 * A send store on a pool of its own whose clients record the statements they send and, once, run `between` right
 * after the optimistic path's `peek`: another writer getting in before `writeIf`.
 */
function racingStore(schema: string, between: () => Promise<unknown>) {
  const pool = new pg.Pool({ connectionString: pgUrl, options: `-c search_path=${schema}`, max: 2 });
  const sent: string[] = [];
  let armed = true;
  const connect = async () => {
    const client = await pool.connect();
    const query = async (q: string | { name?: string }, values?: unknown[]) => {
      sent.push(typeof q === 'string' ? q : (q.name ?? '?'));
      const r = await client.query(q as string, values);
      if (typeof q !== 'string' && q.name === 'peek' && armed) {
        armed = false;
        await between();
      }
      return r;
    };
    return { query, release: () => client.release() };
  };
  return { store: postgresSendStore({ connect } as unknown as pg.Pool), sent, end: () => pool.end() };
}

describe.skipIf(!pgUrl)('PostgreSQL optimistic send path', () => {
  async function setup(between: (d: Awaited<ReturnType<typeof makeChat>>) => Promise<unknown>) {
    const c = await makeChat('postgres', ['amy', 'bob']);
    await sendMessage(c.app.parley.domain, 'amy', input('bob', 'first'));
    const schema = (c.app.parley.domain.storage as unknown as { migrationSchema: string }).migrationSchema;
    const racing = racingStore(schema, () => between(c));
    return { c, ...racing };
  }
  const seqs = async (c: Awaited<ReturnType<typeof makeChat>>) =>
    (await c.history('amy', 'C2Cbob')).messageList.map((m) => [m.sequence, m.ID]);
  const stored = (o: Awaited<ReturnType<ReturnType<typeof postgresSendStore>['appendBatch']>>[number]) =>
    o.kind === 'stored' ? [o.message.seq, o.message.id, o.created] : [o.kind];

  it('SP6 a batch on existing conversations is two statements (peek, writeIf) with no transaction around them', async () => {
    const { c, store, sent, end } = await setup(async () => undefined);
    try {
      const ids = [nextID(), nextID()];
      const outcomes = await store.appendBatch(ids.map((id) => draft('amy', 'bob', id)));
      expect(outcomes.map(stored)).toEqual([
        [2, ids[0], true],
        [3, ids[1], true],
      ]);
      expect(sent).toEqual(['peek', 'writeIf']);
      expect((await seqs(c)).map(([s]) => s)).toEqual([1, 2, 3]);
    } finally {
      await end();
    }
  });

  it('SP6 another writer between peek and writeIf: nothing of the optimistic write stays, the locked path numbers the batch after it (SEQ1)', async () => {
    const other = nextID();
    const { c, store, sent, end } = await setup((x) =>
      x.app.parley.domain.storage.sends.appendBatch([draft('bob', 'amy', other)]),
    );
    try {
      const ids = [nextID(), nextID()];
      const outcomes = await store.appendBatch(ids.map((id) => draft('amy', 'bob', id)));
      expect(outcomes.map(stored)).toEqual([
        [3, ids[0], true],
        [4, ids[1], true],
      ]);
      expect(sent).toEqual(['peek', 'writeIf', 'begin', 'check', 'write', 'commit']);
      expect((await seqs(c)).slice(1)).toEqual([
        [2, other],
        [3, ids[0]],
        [4, ids[1]],
      ]);
    } finally {
      await end();
    }
  });

  it('SP6 the same ID stored by another writer meanwhile is answered as stored, not written twice (M1)', async () => {
    const id = nextID();
    const mine: SendDraft = draft('amy', 'bob', id);
    const { c, store, end } = await setup((x) =>
      x.app.parley.domain.storage.sends.appendBatch([draft('amy', 'bob', id)]),
    );
    try {
      const outcomes = await store.appendBatch([mine, draft('amy', 'bob', 'after')]);
      expect(outcomes.map(stored)).toEqual([
        [2, id, false],
        [3, 'after', true],
      ]);
      expect((await seqs(c)).map(([s, i]) => `${s}:${i}`)).toEqual([
        expect.stringMatching(/^1:/),
        `2:${id}`,
        '3:after',
      ]);
    } finally {
      await end();
    }
  });
});
