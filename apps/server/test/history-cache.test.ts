import { LIMITS, type WireMessage } from '@parley/protocol';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { appendC2C } from '../src/domain/messages/c2c.ts';
import { invalidateConversationPages } from '../src/domain/messages/send-path.ts';
import { cleanupApps } from './support/app.ts';
import { KINDS, makeChat } from './support/messaging.ts';

afterEach(cleanupApps);

describe.each(KINDS)('history pages from stored JSON and the page cache (%s)', (kind) => {
  async function setup() {
    const c = await makeChat(kind, ['amy', 'bob']);
    const d = c.app.parley.domain;
    const sent: WireMessage[] = [];
    const say = async (from: string, to: string, text: string) => {
      const r = await c.send(from, to, { payload: { text } });
      expect(r.status).toBe(200);
      sent.push(r.json.message as WireMessage);
      return r.json.message as WireMessage;
    };
    const page = (as: string, peer: string) => c.history(as, `C2C${peer}`);
    return { c, d, say, page, sent, cache: d.sendPath.pages };
  }

  it('HIST2 a page is the messages exactly as acknowledged, oldest first, with its cursor', async () => {
    const { say, page, sent } = await setup();
    for (let i = 0; i < 20; i += 1) await say(i % 2 ? 'bob' : 'amy', i % 2 ? 'amy' : 'bob', `n${i}`);
    const newest = await page('amy', 'bob');
    expect(newest.messageList).toEqual(sent.slice(-LIMITS.historyPage));
    expect(newest.isCompleted).toBe(false);
    expect(newest.nextReqMessageID).toBe(sent.at(-LIMITS.historyPage)?.ID);
  });

  it('HIST3 a cached page never serves a stale message: new sends, another writer, a cleared history', async () => {
    const { c, d, say, page, cache } = await setup();
    await say('amy', 'bob', 'first');
    await page('bob', 'amy');
    expect(cache.size).toBe(1);
    const second = await say('bob', 'amy', 'second');
    expect((await page('amy', 'bob')).messageList.map((m) => m.payload.text)).toEqual(['first', 'second']);
    // Written without this node's send path (another node, the demo seed): the cache sees the sequence moved on.
    await d.storage.transaction((tx) =>
      appendC2C(
        tx,
        {
          id: 'elsewhere-1',
          sender: 'amy',
          receiver: 'bob',
          type: 'TIMTextElem',
          payload: '{"text":"from another node"}',
          cloudCustomData: '',
          time: second.time,
          clientTime: second.time,
          nick: '',
          nameCard: '',
          avatar: '',
          priority: 'Normal',
          needReadReceipt: false,
          atUserList: '[]',
        },
        second.time,
      ),
    );
    const afterOther = (await page('bob', 'amy')).messageList;
    expect(afterOther.map((m) => m.payload.text)).toEqual(['first', 'second', 'from another node']);
    expect(afterOther[2]).toMatchObject({ ID: 'elsewhere-1', sequence: 3, from: 'amy', to: 'bob' });
    // Bob deletes the conversation (CONV2): his page is empty at once, Amy's is untouched; one entry serves both.
    expect((await c.del('bob', '/api/v1/conversations/C2Camy')).status).toBe(200);
    expect(await page('bob', 'amy')).toEqual({ messageList: [], nextReqMessageID: '', isCompleted: true });
    expect((await page('amy', 'bob')).messageList).toHaveLength(3);
    await say('amy', 'bob', 'after the delete');
    const bobs = await page('bob', 'amy');
    expect(bobs.messageList.map((m) => m.payload.text)).toEqual(['after the delete']);
    expect(bobs.isCompleted).toBe(true);
  });

  it('HIST3 a page holds nothing per reader: read state lives in the conversation, so both members get the same page', async () => {
    const { c, say, page } = await setup();
    await say('amy', 'bob', 'hello');
    await say('bob', 'amy', 'hi');
    const before = await page('amy', 'bob');
    expect((await c.post('bob', '/api/v1/conversations/C2Camy/read')).status).toBe(200);
    expect(await page('amy', 'bob')).toEqual(before);
    expect(await page('bob', 'amy')).toEqual(before);
  });

  it('HIST4 invalidateConversationPages: a message changed in place is served changed once its page is invalidated', async () => {
    const { d, say, page, cache } = await setup();
    const m = await say('amy', 'bob', 'original');
    await page('amy', 'bob');
    const changed = JSON.stringify({ ...m, payload: { text: 'edited' }, isModified: true });
    const db = (d.storage as unknown as { db: Kysely<unknown> }).db;
    await sql`update messages set wire = ${changed}, is_modified = 1 where sender = 'amy' and id = ${m.ID}`.execute(db);
    expect((await page('amy', 'bob')).messageList[0]?.payload).toEqual({ text: 'original' });
    invalidateConversationPages(d, 'c2c:amy|bob');
    expect(cache.size).toBe(0);
    expect((await page('amy', 'bob')).messageList[0]).toMatchObject({ payload: { text: 'edited' }, isModified: true });
  });

  it('HIST2 rows stored before migration 0007 (no wire JSON) are served rebuilt from their columns', async () => {
    const { d, say, page } = await setup();
    const m = await say('amy', 'bob', 'old row');
    const db = (d.storage as unknown as { db: Kysely<unknown> }).db;
    await sql`update messages set wire = '' where id = ${m.ID}`.execute(db);
    invalidateConversationPages(d, 'c2c:amy|bob');
    expect((await page('bob', 'amy')).messageList).toEqual([m]);
  });
  it('HIST5 the hidden-message lookup runs only for a member who hid something here, and what they hid stays out', async () => {
    const { c, d, say, page } = await setup();
    const lookups: string[] = [];
    const actions = d.storage.actions;
    const among = actions.hiddenAmong.bind(actions);
    actions.hiddenAmong = (userID, conversationID, seqs) => {
      lookups.push(userID);
      return among(userID, conversationID, seqs);
    };
    const first = await say('amy', 'bob', 'first');
    await say('bob', 'amy', 'second');
    await page('bob', 'amy');
    await page('amy', 'bob');
    expect(lookups).toEqual([]);
    const del = await c.post('bob', '/api/v1/conversations/C2Camy/messages/delete', { messageIDList: [first.ID] });
    expect(del.status).toBe(200);
    expect((await page('bob', 'amy')).messageList.map((m) => m.payload.text)).toEqual(['second']);
    expect((await page('amy', 'bob')).messageList.map((m) => m.payload.text)).toEqual(['first', 'second']);
    expect(lookups).toEqual(['bob']);
  });
});
