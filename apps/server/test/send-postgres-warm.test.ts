import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { sendMessage } from '../src/domain/messages/send.ts';
import type { SendOutcome } from '../src/domain/messages/send-port.ts';
import { MESSAGE_COLUMN_LIST, MESSAGE_COLUMNS } from '../src/storage/repos/message-columns.ts';
import { postgresSendStore } from '../src/storage/repos/send-postgres.ts';
import { SendCache } from '../src/storage/repos/send-postgres-cache.ts';
import { cleanupApps } from './support/app.ts';
import { draft } from './support/drafts.ts';
import { makeChat, nextID, pgUrl, textTo } from './support/messaging.ts';

afterEach(cleanupApps);

const input = textTo;

const stored = (o: SendOutcome) => (o.kind === 'stored' ? [o.message.seq, o.message.id, o.created] : [o.kind]);

/**
 * A send store (so a node's cache) on a pool of its own, next to the app's store on the same schema (another node):
 * `sent` lists the statements its clients send, `sql` runs a statement on the schema directly.
 */
async function setup() {
  const c = await makeChat('postgres', ['amy', 'bob', 'cat']);
  await sendMessage(c.app.parley.domain, 'amy', input('bob', 'first'));
  const schema = (c.app.parley.domain.storage as unknown as { migrationSchema: string }).migrationSchema;
  const pool = new pg.Pool({ connectionString: pgUrl, options: `-c search_path=${schema}`, max: 2 });
  const sent: string[] = [];
  const connect = async () => {
    const client = await pool.connect();
    const query = (q: string | { name?: string }, values?: unknown[]) => {
      sent.push(typeof q === 'string' ? q : (q.name ?? '?'));
      return client.query(q as string, values);
    };
    return { query, release: () => client.release() };
  };
  const store = postgresSendStore({ connect } as unknown as pg.Pool);
  const other = c.app.parley.domain.storage.sends;
  /** The statements sent by one batch of `store`. */
  const batch = async (drafts: Parameters<typeof store.appendBatch>[0]) => {
    sent.length = 0;
    const outcomes = await store.appendBatch(drafts);
    return { outcomes, sent: [...sent] };
  };
  const sql = (text: string, values: unknown[] = []) => pool.query(text, values);
  const seqs = async () =>
    (await sql(`select seq from messages where conversation_id = 'c2c:amy|bob' order by seq`)).rows.map((r) =>
      Number(r.seq),
    );
  return { c, store, other, batch, sql, seqs, end: () => pool.end() };
}

describe.skipIf(!pgUrl)('PostgreSQL send path, warm cache (SP7)', () => {
  it('SP7 once the node knows the conversation and both profiles, a batch is one statement (writeIf)', async () => {
    const t = await setup();
    try {
      const first = await t.batch([draft('amy', 'bob', nextID())]);
      expect(first.sent).toEqual(['peek', 'writeIf']);
      const ids = [nextID(), nextID(), nextID()];
      const warm = await t.batch([draft('amy', 'bob', ids[0] as string), draft('bob', 'amy', ids[1] as string)]);
      expect(warm.sent).toEqual(['writeIf']);
      expect(warm.outcomes.map(stored)).toEqual([
        [3, ids[0], true],
        [4, ids[1], true],
      ]);
      expect((await t.batch([draft('amy', 'bob', ids[2] as string)])).sent).toEqual(['writeIf']);
      expect(await t.seqs()).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await t.end();
    }
  });

  it('SP7 a conversation moved by another node is found by writeIf: nothing numbered twice, sequences dense, the cache learns again', async () => {
    const t = await setup();
    try {
      await t.batch([draft('amy', 'bob', nextID())]);
      const theirs = nextID();
      await t.other.appendBatch([draft('bob', 'amy', theirs)]);
      const mine = [nextID(), nextID()];
      const moved = await t.batch(mine.map((id) => draft('amy', 'bob', id)));
      expect(moved.sent).toEqual(['writeIf', 'peek', 'writeIf']);
      expect(moved.outcomes.map(stored)).toEqual([
        [4, mine[0], true],
        [5, mine[1], true],
      ]);
      // A direct UPDATE (a system message written elsewhere) is found the same way.
      await t.sql(`update conversations set last_seq = last_seq + 1 where id = 'c2c:amy|bob'`);
      const copy = MESSAGE_COLUMN_LIST.map((k) => (k === 'seq' ? '6' : k === 'id' ? `'sys-6'` : k)).join(', ');
      await t.sql(
        `insert into messages (${MESSAGE_COLUMNS}, wire)
         select ${copy}, wire from messages where conversation_id = 'c2c:amy|bob' and seq = 5`,
      );
      const after = await t.batch([draft('bob', 'amy', nextID())]);
      expect(after.sent).toEqual(['writeIf', 'peek', 'writeIf']);
      expect(after.outcomes.map(stored)[0]).toEqual([7, expect.any(String), true]);
      expect((await t.batch([draft('amy', 'bob', nextID())])).sent).toEqual(['writeIf']);
      expect(await t.seqs()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      await t.end();
    }
  });

  it('SP7 an ID already stored, sent again on the warm path, returns the stored message (M1) and writes nothing twice', async () => {
    const t = await setup();
    try {
      const id = nextID();
      await t.batch([draft('amy', 'bob', id)]);
      const again = await t.batch([draft('amy', 'bob', id), draft('amy', 'bob', 'after-retry')]);
      expect(again.sent).toEqual(['writeIf', 'peek', 'writeIf']);
      expect(again.outcomes.map(stored)).toEqual([
        [2, id, false],
        [3, 'after-retry', true],
      ]);
      // The same ID by the peer in the same conversation (M8) is refused as stored too.
      const peer = await t.batch([draft('bob', 'amy', id)]);
      expect(peer.outcomes.map(stored)).toEqual([[2, id, false]]);
      expect(await t.seqs()).toEqual([1, 2, 3]);
    } finally {
      await t.end();
    }
  });

  it("SP7 a profile changed on this node or another shows in the next message's nick", async () => {
    const t = await setup();
    try {
      await t.batch([draft('amy', 'bob', nextID())]);
      // Another node (or any writer) changes amy's nick: the warm write is refused and the batch read again.
      await t.sql(`update profiles set nick = 'Amy II' where user_id = 'amy'`);
      const changed = await t.batch([draft('amy', 'bob', nextID())]);
      expect(changed.sent).toEqual(['writeIf', 'peek', 'writeIf']);
      const [o] = changed.outcomes;
      expect(o?.kind === 'stored' && o.message.nick).toBe('Amy II');
      expect((await t.batch([draft('amy', 'bob', nextID())])).sent).toEqual(['writeIf']);
      // This node's own store, through the API and the domain.
      const d = t.c.app.parley.domain;
      await sendMessage(d, 'amy', input('bob', 'warm'));
      const res = await t.c.app.inject({
        method: 'PATCH',
        url: '/api/v1/profile',
        headers: { authorization: `Bearer ${t.c.sigs.amy}` },
        payload: { nick: 'Amy III' },
      });
      expect(res.statusCode).toBe(200);
      const sent = await sendMessage(d, 'amy', input('bob', 'after the change'));
      expect(sent.message.nick).toBe('Amy III');
    } finally {
      await t.end();
    }
  });

  it('SP7 an account unknown to the cache, or deleted since it was cached, is refused (ACCOUNT_NOT_FOUND)', async () => {
    const t = await setup();
    try {
      expect((await t.batch([draft('amy', 'nobody', nextID())])).outcomes.map(stored)).toEqual([['missing']]);
      await t.batch([draft('amy', 'cat', nextID()), draft('amy', 'bob', nextID())]);
      expect((await t.batch([draft('amy', 'cat', nextID())])).sent).toEqual(['writeIf']);
      await t.sql(`delete from profiles where user_id = 'cat'`);
      const gone = await t.batch([draft('amy', 'cat', nextID()), draft('amy', 'bob', 'still-stored')]);
      expect(gone.sent).toEqual(['writeIf', 'peek', 'writeIf']);
      expect(gone.outcomes.map(stored)).toEqual([['missing'], [3, 'still-stored', true]]);
    } finally {
      await t.end();
    }
  });
});

describe('SendCache (SP7)', () => {
  it('SP7 a batch is planned only when all its conversations and accounts are known; the cache is bounded, oldest first', () => {
    const cache = new SendCache(2);
    const profile = { nick: 'n', avatar: '' };
    cache.learn(
      new Map([
        ['c1', 1],
        ['c2', 2],
      ]),
      new Map([['amy', profile]]),
    );
    expect(cache.plan(['c1'], ['amy', 'bob'])).toBeUndefined();
    cache.learn(new Map(), new Map([['bob', profile]]));
    expect(cache.plan(['c1', 'c1'], ['amy', 'bob'])?.last).toEqual(new Map([['c1', 1]]));
    cache.learn(new Map([['c3', 3]]));
    // c1 was used last, so c2 went.
    expect(cache.plan(['c2'], [])).toBeUndefined();
    expect(cache.plan(['c1', 'c3'], [])?.last.size).toBe(2);
    cache.forget(['c1'], ['amy']);
    expect(cache.plan(['c1'], [])).toBeUndefined();
    expect(cache.size).toEqual({ conversations: 1, profiles: 1 });
  });
});
