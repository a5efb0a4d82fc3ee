import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/app/config.ts';
import { type WireMessage, retentionPath } from '@parley/protocol';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { retentionStep } from '../src/domain/retention/actions.ts';
import type { RetentionStep } from '../src/domain/retention/ports.ts';
import { LocalDiskStore } from '../src/files/local-disk-store.ts';
import { uploadLedgerFor } from '../src/storage/repos/upload-ledger.ts';
import { retentionFor } from '../src/storage/retention.ts';
import { ADMIN_KEY, adminHeaders, cleanupApps } from './support/app.ts';
import { type GroupChat, makeGroupChat } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';
import { pdf, upload } from './support/uploads.ts';

afterEach(cleanupApps);

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const dbOf = (c: GroupChat) => (c.app.parley.domain.storage as unknown as { db: Kysely<unknown> }).db;
const count = async (c: GroupChat, query: ReturnType<typeof sql<{ n: number | string }>>) =>
  Number((await query.execute(dbOf(c))).rows[0]?.n ?? 0);

/** Makes the messages of a conversation up to `seq` `days` old (as if sent then). */
const age = (c: GroupChat, key: string, upToSeq: number, days: number) =>
  sql`update messages set time = time - ${days * DAY} where conversation_id = ${key} and seq <= ${upToSeq}`.execute(
    dbOf(c),
  );

/** Runs retention steps until a whole sweep deleted nothing more; returns the steps' deleted counts. */
async function purge(c: GroupChat, defaultDays: number, maxRows = 500): Promise<number[]> {
  const d = c.app.parley.domain;
  const store = retentionFor(d.storage);
  const ledger = uploadLedgerFor(d.storage);
  if (!store || !ledger) throw new Error('no retention store');
  const files = { ledger, store: new LocalDiskStore(join(c.app.parley.config.dataDir, 'uploads')) };
  const counts: number[] = [];
  for (let i = 0; i < 1000; i += 1) {
    const step: RetentionStep = await retentionStep(d.sendPath, store, files, nowSeconds(), defaultDays, maxRows);
    counts.push(step.purged);
    if (step.sweptAll && step.purged === 0) return counts;
  }
  throw new Error('retention did not settle');
}

const admin = (c: GroupChat, groupID: string, body: unknown, headers: Record<string, string> = adminHeaders) =>
  c.app.inject({ method: 'PUT', url: retentionPath(groupID), headers, payload: body as object });

const texts = (list: WireMessage[]) => list.map((m) => (m.payload as { text?: string }).text);

describe.each(KINDS)('message retention (%s)', (kind) => {
  const open = () => makeGroupChat(kind, ['amy', 'bob', 'cat']);

  it('RET1 RET5 RET6 old messages go with their reactions, receipts, hides, pins and search entries; newer stay', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'g', memberList: [{ userID: 'bob' }] });
    const key = `group:${g.groupID}`;
    for (const text of ['旧消息甲', '旧消息乙', '新消息丙']) {
      expect((await c.say('amy', g.groupID, { payload: { text } })).status).toBe(200);
    }
    const db = dbOf(c);
    for (const seq of [1, 2, 3]) {
      await sql`insert into message_reactions (conversation_id, seq, reaction_id, user_id, created_at)
        values (${key}, ${seq}, 'like', 'bob', 1)`.execute(db);
      await sql`insert into message_receipts (conversation_id, seq, reader, read_at) values (${key}, ${seq}, 'bob', 1)`.execute(
        db,
      );
      await sql`insert into message_hidden (user_id, conversation_id, seq, change_seq) values ('cat', ${key}, ${seq}, 1)`.execute(
        db,
      );
      await sql`insert into group_pins (group_id, seq, pinned_by, pinned_at) values (${g.groupID}, ${seq}, 'amy', 1)`.execute(
        db,
      );
    }
    await age(c, key, 2, 8);
    const tied = async (table: string) =>
      count(c, sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where seq in (1, 2)`);
    const indexed = () =>
      kind === 'sqlite'
        ? count(c, sql`select count(*) as n from message_fts where message_fts match '"消息"'`)
        : count(c, sql`select count(*) as n from messages where search @@ '消息'::tsquery`);
    expect(await indexed()).toBe(3);
    expect(await purge(c, 7)).toContain(2);
    expect(texts(await c.groupHistory('bob', g.groupID))).toEqual(['新消息丙']);
    for (const table of ['message_reactions', 'message_receipts', 'message_hidden', 'group_pins']) {
      expect(await tied(table), table).toBe(0);
      expect(await count(c, sql`select count(*) as n from ${sql.table(table)} where seq = 3`), table).toBe(1);
    }
    expect(await indexed()).toBe(1);
    await c.close();
  });

  it('RET3 a group override beats the default; 0 keeps forever; null hands the group back to the default', async () => {
    const c = await open();
    const groups = [];
    for (const name of ['short', 'forever', 'default']) {
      const g = await c.create('amy', { name, memberList: [{ userID: 'bob' }] });
      expect((await c.say('amy', g.groupID, { payload: { text: name } })).status).toBe(200);
      await age(c, `group:${g.groupID}`, 1, 3);
      groups.push(g.groupID);
    }
    const [short = '', forever = '', byDefault = ''] = groups;
    expect((await admin(c, short, { days: 2 })).json()).toEqual({ groupID: short, days: 2, effectiveDays: 2 });
    expect((await admin(c, forever, { days: 0 })).statusCode).toBe(200);
    await purge(c, 0); // RET1: no default, only the override purges
    expect(await c.groupHistory('amy', short)).toEqual([]);
    expect(texts(await c.groupHistory('amy', forever))).toEqual(['forever']);
    expect(texts(await c.groupHistory('amy', byDefault))).toEqual(['default']);
    await purge(c, 1);
    expect(texts(await c.groupHistory('amy', forever))).toEqual(['forever']);
    expect(await c.groupHistory('amy', byDefault)).toEqual([]);
    expect((await admin(c, forever, { days: null })).json()).toEqual({
      groupID: forever,
      days: null,
      effectiveDays: 0,
    });
    await purge(c, 1);
    expect(await c.groupHistory('amy', forever)).toEqual([]);
    await c.close();
  });

  it('RET1 RET6 RET7 RET9 a purged message leaves history, a cached page and the conversation preview; one-to-one too', async () => {
    const c = await open();
    for (let i = 0; i < 4; i += 1)
      expect((await c.send('amy', 'bob', { payload: { text: `m${i}` } })).status).toBe(200);
    expect(texts((await c.history('bob', 'C2Camy')).messageList)).toEqual(['m0', 'm1', 'm2', 'm3']);
    await age(c, 'c2c:amy|bob', 2, 10);
    await purge(c, 5);
    const page = await c.history('bob', 'C2Camy');
    expect(texts(page.messageList)).toEqual(['m2', 'm3']);
    expect(page.isCompleted).toBe(true);
    const preview = (await c.conversations('bob')).conversationList.find((v) => v.conversationID === 'C2Camy');
    expect(preview?.lastMessage?.messageForShow).toBe('m3');
    expect(preview?.unreadCount).toBe(2);
    await age(c, 'c2c:amy|bob', 4, 10);
    await purge(c, 5);
    expect((await c.history('amy', 'C2Cbob')).messageList).toEqual([]);
    const list = (await c.conversations('bob')).conversationList;
    const emptied = list.find((v) => v.conversationID === 'C2Camy');
    expect(emptied).toBeDefined();
    expect(emptied?.lastMessage).toBeNull();
    expect(emptied?.lastSequence).toBe(4);
    expect(emptied?.unreadCount).toBe(0);
    await c.close();
  });

  it('RET7 a page this node cached is dropped when another node purged its messages', async () => {
    const c = await open();
    for (let i = 0; i < 3; i += 1)
      expect((await c.send('amy', 'bob', { payload: { text: `m${i}` } })).status).toBe(200);
    expect((await c.history('bob', 'C2Camy')).messageList).toHaveLength(3);
    await age(c, 'c2c:amy|bob', 2, 10);
    // Another node's step: the same database, none of this node's cache.
    const elsewhere = retentionFor(c.app.parley.domain.storage);
    expect((await elsewhere?.step(nowSeconds(), 5, 500))?.purged).toBe(2);
    expect(await purge(c, 5)).toEqual([0]);
    expect(texts((await c.history('bob', 'C2Camy')).messageList)).toEqual(['m2']);
    await c.close();
  });

  it('RET4 a step deletes at most its batch, one conversation after another, until the sweep ends', async () => {
    const c = await open();
    for (let i = 0; i < 12; i += 1)
      expect((await c.send('amy', 'bob', { payload: { text: `m${i}` } })).status).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect((await c.send('amy', 'cat', { payload: { text: `n${i}` } })).status).toBe(200);
    await age(c, 'c2c:amy|bob', 12, 3);
    await age(c, 'c2c:amy|cat', 3, 3);
    const counts = await purge(c, 1, 5);
    expect(Math.max(...counts)).toBe(5);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(15);
    expect(await count(c, sql`select count(*) as n from messages`)).toBe(0);
    await c.close();
  });

  it('RET8 an upload named only by purged messages is deleted; one a kept message still names stays', async () => {
    const c = await open();
    const sig = c.sigs.amy ?? '';
    const gone = (await upload(c.app, sig, 'file', pdf(), 'a.pdf')).json;
    const kept = (await upload(c.app, sig, 'file', Buffer.concat([pdf(), Buffer.from('b')]), 'b.pdf')).json;
    const fileMessage = (f: typeof gone) => ({
      type: 'TIMFileElem' as never,
      payload: { fileUrl: f.url, remoteFileUrl: f.url, uuid: f.uuid, fileName: f.name, fileSize: f.size },
    });
    expect((await c.send('amy', 'bob', fileMessage(gone))).status).toBe(200);
    expect((await c.send('amy', 'bob', fileMessage(kept))).status).toBe(200);
    expect((await c.send('amy', 'cat', fileMessage(kept))).status).toBe(200);
    await age(c, 'c2c:amy|bob', 2, 3);
    const fetch = (url: string) => c.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${sig}` } });
    expect((await fetch(gone.url)).statusCode).toBe(200);
    await purge(c, 1);
    expect((await fetch(gone.url)).statusCode).toBe(404);
    expect((await fetch(kept.url)).statusCode).toBe(200);
    expect(await count(c, sql`select count(*) as n from upload_files where file_id = ${gone.uuid}`)).toBe(0);
    await c.close();
  });

  it('RET3 the admin route: admin key required, days validated, unknown group refused', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'g', memberList: [{ userID: 'bob' }] });
    expect((await admin(c, g.groupID, { days: 3 }, {})).statusCode).toBe(401);
    expect((await admin(c, g.groupID, { days: 3 }, { 'x-parley-admin-key': `${ADMIN_KEY}x` })).json().code).toBe(60013);
    const userAuth = { authorization: `Bearer ${c.sigs.amy ?? ''}` };
    expect((await admin(c, g.groupID, { days: 3 }, userAuth)).statusCode).toBe(401);
    for (const days of [-1, 1.5, 36_501, '3', true]) {
      expect((await admin(c, g.groupID, { days })).statusCode, String(days)).toBe(400);
    }
    expect((await admin(c, g.groupID, {})).statusCode).toBe(400);
    expect((await admin(c, g.groupID, { days: 3, extra: 1 })).statusCode).toBe(400);
    expect((await admin(c, '@TGS#nope', { days: 3 })).json().code).toBe(10010);
    const store = retentionFor(c.app.parley.domain.storage);
    expect(await store?.groupDays(g.groupID)).toBeNull();
    expect((await admin(c, g.groupID, { days: 36_500 })).statusCode).toBe(200);
    expect(await store?.groupDays(g.groupID)).toBe(36_500);
    await c.close();
  });
});

describe('message retention: configuration and timer', () => {
  it('RET2 PARLEY_RETENTION_DAYS: unset is 0 (forever), whole days up to 36500', () => {
    expect(loadConfig({}, '/srv/parley').retentionDays).toBe(0);
    expect(loadConfig({ PARLEY_RETENTION_DAYS: '30' }, '/srv/parley').retentionDays).toBe(30);
    for (const bad of ['-1', '1.5', '36501', 'x']) {
      expect(() => loadConfig({ PARLEY_RETENTION_DAYS: bad }, '/srv/parley')).toThrow(ConfigError);
    }
  });

  it('RET4 the server purges on its own timer with the configured default', async () => {
    const c = await makeGroupChat('sqlite', ['amy', 'bob'], {
      PARLEY_RETENTION_DAYS: '1',
      PARLEY_HOUSEKEEPING_MS: '100',
    });
    expect((await c.send('amy', 'bob', { payload: { text: 'old' } })).status).toBe(200);
    expect((await c.send('amy', 'bob', { payload: { text: 'new' } })).status).toBe(200);
    await age(c, 'c2c:amy|bob', 1, 2);
    const deadline = Date.now() + 20_000;
    while ((await c.history('bob', 'C2Camy')).messageList.length > 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(texts((await c.history('bob', 'C2Camy')).messageList)).toEqual(['new']);
    await c.close();
  });
});
