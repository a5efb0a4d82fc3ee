import { ERRORS, type ParleyError, type SendMessage } from '@parley/protocol';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusMessage } from '../src/domain/bus.ts';
import type { Domain } from '../src/domain/context.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import { cleanupApps } from './support/app.ts';
import { draft } from './support/drafts.ts';
import { KINDS, makeChat, nextID } from './support/messaging.ts';

afterEach(cleanupApps);

const input = (to: string, text: string, ID = nextID()): SendMessage => ({
  ID,
  conversationType: 'C2C',
  to,
  type: 'TIMTextElem',
  payload: { text },
});

/** Makes every write of a user's sync cursor fail: the batch fails after its messages were inserted. */
async function breakSyncWrites(d: Domain, on: boolean): Promise<void> {
  const db = (d.storage as unknown as { db: Kysely<unknown> }).db;
  if (d.storage.kind === 'sqlite') {
    if (on) {
      await sql`create trigger break_sync_u before update on user_sync begin select raise(abort, 'injected'); end`.execute(
        db,
      );
      await sql`create trigger break_sync_i before insert on user_sync begin select raise(abort, 'injected'); end`.execute(
        db,
      );
    } else {
      await sql`drop trigger break_sync_u`.execute(db);
      await sql`drop trigger break_sync_i`.execute(db);
    }
  } else if (on) {
    await sql`create function break_sync() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$`.execute(
      db,
    );
    await sql`create trigger break_sync before insert or update on user_sync for each row execute function break_sync()`.execute(
      db,
    );
  } else {
    await sql`drop trigger break_sync on user_sync`.execute(db);
    await sql`drop function break_sync()`.execute(db);
  }
}

describe.each(KINDS)('group commit (%s)', (kind) => {
  async function setup() {
    const c = await makeChat(kind, ['amy', 'bob', 'cat']);
    const d = c.app.parley.domain;
    return { c, d, writer: d.sendPath.writer };
  }

  it('SP1 sends that arrive together are written in one batch; a lone send is a batch of one', async () => {
    const { c, d, writer } = await setup();
    await sendMessage(d, 'amy', input('bob', 'alone'));
    expect(writer.batchSizes.at(-1)).toBe(1);
    await Promise.all([1, 2, 3, 4].map((i) => sendMessage(d, i % 2 ? 'amy' : 'cat', input('bob', `t${i}`))));
    expect(writer.batchSizes.at(-1)).toBe(4);
    const amyBob = (await c.history('bob', 'C2Camy')).messageList.map((m) => [m.sequence, m.payload.text]);
    expect(amyBob).toEqual([
      [1, 'alone'],
      [2, 't1'],
      [3, 't3'],
    ]);
  });

  it('SP2 a refused message in the middle of a batch leaves the others stored and acknowledged', async () => {
    const { c, d, writer } = await setup();
    const taken = await sendMessage(d, 'bob', input('amy', 'bob first'));
    const results = await Promise.allSettled([
      sendMessage(d, 'amy', input('bob', 'one')),
      sendMessage(d, 'amy', input('nobody', 'to no one')),
      sendMessage(d, 'amy', input('bob', 'reuses bob’s ID', taken.message.ID)),
      sendMessage(d, 'amy', input('bob', 'two')),
    ]);
    expect(writer.batchSizes.at(-1)).toBe(4);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as ParleyError).code : 0));
    expect(codes).toEqual([0, ERRORS.ACCOUNT_NOT_FOUND.code, ERRORS.INVALID_MESSAGE.code, 0]);
    const history = (await c.history('amy', 'C2Cbob')).messageList.map((m) => [m.sequence, m.payload.text]);
    expect(history).toEqual([
      [1, 'bob first'],
      [2, 'one'],
      [3, 'two'],
    ]);
    expect((await c.conversations('amy')).conversationList.map((x) => x.conversationID)).toEqual(['C2Cbob']);
  });

  it('SP2 a message that fails while being written is rolled back alone; the sequence stays dense (SEQ1)', async () => {
    const { c, d } = await setup();
    const ids = [nextID(), nextID(), nextID()];
    const outcomes = await d.storage.sends.appendBatch([
      draft('amy', 'bob', ids[0] as string),
      draft('amy', 'bob', ids[1] as string, () => {
        throw new Error('broken');
      }),
      draft('amy', 'bob', ids[2] as string),
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['stored', 'failed', 'stored']);
    const stored = (await c.history('amy', 'C2Cbob')).messageList.map((m) => [m.ID, m.sequence]);
    expect(stored).toEqual([
      [ids[0], 1],
      [ids[2], 2],
    ]);
  });

  it('SP3 acks and pushes come after the commit: a batch that fails before committing acknowledges nothing and stores nothing', async () => {
    const { c, d } = await setup();
    const pushed: string[] = [];
    await d.bus.subscribe('user:bob', (e: BusMessage) => pushed.push((e.message as { ID: string }).ID));
    await breakSyncWrites(d, true);
    const sends = [input('bob', 'a'), input('bob', 'b'), input('bob', 'c')];
    const results = await Promise.allSettled(sends.map((s) => sendMessage(d, 'amy', s)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await d.storage.messages.bySenderID('amy', sends[0]?.ID as string)).toBeUndefined();
    expect((await c.history('bob', 'C2Camy')).messageList).toEqual([]);
    await breakSyncWrites(d, false);
    // Retried with the same IDs (as the SDK does), they are stored once, numbered from 1, and pushed once each.
    const retried = await Promise.all(sends.map((s) => sendMessage(d, 'amy', s)));
    expect(retried.map((r) => r.message.sequence)).toEqual([1, 2, 3]);
    await expect.poll(() => pushed).toEqual(sends.map((s) => s.ID));
  });
});
