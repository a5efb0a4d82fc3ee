import { ERRORS, type WireMessage } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/storage/migrations.ts';
import type { Database } from '../src/storage/schema.ts';
import { cleanupApps } from './support/app.ts';
import { KINDS, makeChat, nextID, pgUrl } from './support/messaging.ts';
import { freshPostgres, freshSqlite, migrating } from './support/storage.ts';

afterEach(cleanupApps);

describe.each(KINDS)('message IDs are unique per conversation (%s)', (kind) => {
  it('M8 a peer reusing my message ID is refused with 20001 and nothing is stored or pushed; my retry stays idempotent (M1)', async () => {
    const c = await makeChat(kind, ['amy', 'bob']);
    const pushed: unknown[] = [];
    await c.app.parley.domain.bus.subscribe('user:amy', (e) => pushed.push(e));
    const ID = nextID();
    const mine = await c.send('amy', 'bob', { ID, payload: { text: 'mine' } });
    expect(mine.status).toBe(200);
    const theirs = await c.send('bob', 'amy', { ID, payload: { text: 'theirs' } });
    expect([theirs.status, theirs.json.code]).toEqual([400, ERRORS.INVALID_MESSAGE.code]);
    expect(theirs.json.message).toBe('This message ID is already used in this conversation');
    const retry = await c.send('amy', 'bob', { ID, payload: { text: 'mine' } });
    expect(retry.json).toEqual(mine.json);
    const history = await c.history('amy', 'C2Cbob');
    expect(history.messageList.map((m) => [m.ID, m.from])).toEqual([[ID, 'amy']]);
    await c.send('bob', 'amy', { payload: { text: 'sentinel' } });
    await expect.poll(() => pushed.length).toBe(2);
    expect(pushed.map((e) => (e as { message: WireMessage }).message.payload)).toEqual([
      { text: 'mine' },
      { text: 'sentinel' },
    ]);
    await c.close();
  });

  it('M8 looking a message up by ID finds mine after a peer tried to reuse the ID', async () => {
    const c = await makeChat(kind, ['amy', 'bob']);
    const ID = nextID();
    await c.send('amy', 'bob', { ID, payload: { text: 'mine' } });
    await c.send('bob', 'amy', { ID, payload: { text: 'theirs' } });
    for (const [as, conv] of [
      ['amy', 'C2Cbob'],
      ['bob', 'C2Camy'],
    ] as const) {
      const found = await c.get(as, `/api/v1/conversations/${conv}/messages/${ID}`);
      expect(found.status).toBe(200);
      expect((found.json.message as WireMessage).from).toBe('amy');
      expect((found.json.message as WireMessage).payload).toEqual({ text: 'mine' });
    }
    await c.close();
  });

  it('M8 a history cursor naming the ID resolves to my message, not a later one of the peer', async () => {
    const c = await makeChat(kind, ['amy', 'bob']);
    await c.send('amy', 'bob', { payload: { text: 'first' } });
    const ID = nextID();
    await c.send('amy', 'bob', { ID, payload: { text: 'second' } });
    await c.send('bob', 'amy', { payload: { text: 'third' } });
    await c.send('bob', 'amy', { ID, payload: { text: 'fourth, reusing the ID' } });
    const page = await c.history('bob', 'C2Camy', `?nextReqMessageID=${ID}`);
    expect(page.messageList.map((m) => m.payload)).toEqual([{ text: 'first' }]);
    expect(page.isCompleted).toBe(true);
    await c.close();
  });
});

describe.each(KINDS)('migration 0002 (%s)', (kind) => {
  it('M8 a reused ID stored by an older server keeps the first message; later ones become <id>~<seq>', async () => {
    const fresh = kind === 'postgres' && pgUrl ? await freshPostgres(pgUrl) : await freshSqlite();
    const db = (fresh.storage as unknown as { db: Kysely<unknown> }).db as Kysely<Database>;
    const schema = 'schema' in fresh ? fresh.schema : undefined;
    const url = kind === 'postgres' ? pgUrl : undefined;
    await migrating(url, () => migrateTo(db as Kysely<unknown>, '0001_initial', schema));
    await db
      .insertInto('conversations')
      .values({ id: 'c2c:amy|bob', type: 'C2C', last_seq: 3, last_time: 1, created_at: 1 })
      .execute();
    const row = (seq: number, sender: string, id: string) => ({
      conversation_id: 'c2c:amy|bob',
      seq,
      id,
      sender,
      receiver: sender === 'amy' ? 'bob' : 'amy',
      type: 'TIMTextElem',
      payload: `{"text":"${seq}"}`,
      cloud_custom_data: '',
      time: seq,
      client_time: seq,
      nick: '',
      name_card: '',
      avatar: '',
      priority: 'Normal',
      need_read_receipt: 0,
      at_user_list: '[]',
      is_revoked: 0,
      revoker: null,
      is_modified: 0,
      modify_version: 0,
      is_deleted: 0,
    });
    await db
      .insertInto('messages')
      .values([row(1, 'amy', 'same-X'), row(2, 'bob', 'same-X'), row(3, 'bob', 'other')])
      .execute();
    await migrating(url, () => migrateToLatest(db as Kysely<unknown>, schema));
    const ids = await db.selectFrom('messages').select(['seq', 'id', 'sender']).orderBy('seq').execute();
    expect(ids.map((r) => [Number(r.seq), r.id, r.sender])).toEqual([
      [1, 'same-X', 'amy'],
      [2, 'same-X~2', 'bob'],
      [3, 'other', 'bob'],
    ]);
    await expect(
      db
        .insertInto('messages')
        .values(row(4, 'bob', 'same-X'))
        .execute(),
    ).rejects.toThrow();
    await fresh.close();
  });
});
