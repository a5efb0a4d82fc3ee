import type { WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { makeGroupChat } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const enc = encodeURIComponent;
const reactPath = (conv: string, id: string) => `/api/v1/conversations/${enc(conv)}/messages/${enc(id)}/reactions`;

interface Reactions {
  resultList: {
    messageID: string;
    reactionList: { reactionID: string; totalUserCount: number; reactedByMyself: boolean }[];
  }[];
}

describe.each(KINDS)('message reactions (%s)', (kind) => {
  const setup = async () => {
    const c = await makeGroupChat(kind, ['amy', 'bob', 'cat', 'dan']);
    const g = await c.create('amy', { name: 'g', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
    const m = (await c.say('amy', g.groupID)).json.message as WireMessage;
    const conv = `GROUP${g.groupID}`;
    const query = async (as: string) =>
      (await c.call(as, 'POST', `/api/v1/conversations/${enc(conv)}/reactions/query`, { messageIDList: [m.ID] }))
        .json as unknown as Reactions;
    return { c, m, conv, query };
  };

  it('ACT20 members reacting at the same moment all land: no lost reaction, counts and reactedByMyself per viewer', async () => {
    const { c, m, conv, query } = await setup();
    const answers = await Promise.all(
      ['amy', 'bob', 'cat'].map((u) => c.call(u, 'POST', reactPath(conv, m.ID), { reactionID: '[TUIEmoji_Smile]' })),
    );
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0]);
    await c.call('bob', 'POST', reactPath(conv, m.ID), { reactionID: '👍' });
    const seen = await query('amy');
    expect(seen.resultList[0]?.reactionList.map((r) => [r.reactionID, r.totalUserCount, r.reactedByMyself])).toEqual([
      ['[TUIEmoji_Smile]', 3, true],
      ['👍', 1, false],
    ]);
    // Adding twice is one reaction; removing drops it, and an emptied reaction disappears.
    await c.call('bob', 'POST', reactPath(conv, m.ID), { reactionID: '👍' });
    await c.call('bob', 'DELETE', reactPath(conv, m.ID), { reactionID: '👍' });
    expect((await query('bob')).resultList[0]?.reactionList.map((r) => r.reactionID)).toEqual(['[TUIEmoji_Smile]']);
    const users = await c.call(
      'cat',
      'GET',
      `${reactPath(conv, m.ID)}/users?reactionID=${enc('[TUIEmoji_Smile]')}&count=2`,
    );
    expect(users.json).toMatchObject({ nextSeq: 2, isCompleted: false });
    expect((users.json.userList as { userID: string; nick: string }[]).map((u) => u.nick).length).toBe(2);
    await c.close();
  });

  it('ACT21 an application’s own reaction IDs are stored and returned exactly; empty, huge, control-character or prohibited ones and strangers are refused', async () => {
    const { c, m, conv, query } = await setup();
    const own = ['emoji_like', '<script>', 'x'.repeat(100), '[TUIEmoji_' + 'a'.repeat(80) + ']'];
    for (const reactionID of own) {
      expect((await c.call('bob', 'POST', reactPath(conv, m.ID), { reactionID })).code, reactionID).toBe(0);
    }
    expect((await query('amy')).resultList[0]?.reactionList.map((r) => r.reactionID)).toEqual(own);
    for (const reactionID of own) await c.call('bob', 'DELETE', reactPath(conv, m.ID), { reactionID });
    for (const reactionID of ['x'.repeat(101), 'x'.repeat(10 * 1024), '', 'like\n', 'a\u0000b']) {
      const res = await c.call('bob', 'POST', reactPath(conv, m.ID), { reactionID });
      expect(res.status, JSON.stringify(reactionID).slice(0, 20)).toBe(400);
    }
    expect((await c.call('bob', 'POST', reactPath(conv, m.ID), { reactionID: '刷单返利' })).code).toBe(80001);
    expect((await c.call('dan', 'POST', reactPath(conv, m.ID), { reactionID: '👍' })).code).toBe(20026);
    expect((await c.call('bob', 'POST', reactPath(conv, 'missing'), { reactionID: '👍' })).code).toBe(20026);
    expect((await query('amy')).resultList[0]?.reactionList).toEqual([]);
    await c.close();
  });

  it('ACT22 at most 10 different reactions on a message (60041); more users on an existing one are fine', async () => {
    const { c, m, conv, query } = await setup();
    for (let i = 0; i < 10; i += 1) {
      expect((await c.call('amy', 'POST', reactPath(conv, m.ID), { reactionID: `[TUIEmoji_E${i}]` })).code).toBe(0);
    }
    expect((await c.call('bob', 'POST', reactPath(conv, m.ID), { reactionID: '[TUIEmoji_E10]' })).code).toBe(60041);
    expect((await c.call('bob', 'POST', reactPath(conv, m.ID), { reactionID: '[TUIEmoji_E3]' })).code).toBe(0);
    expect((await query('amy')).resultList[0]?.reactionList.length).toBe(10);
    // A reaction is a change in place: a client that was away finds it in …/changes.
    const changes = await c.call('cat', 'GET', `/api/v1/conversations/${enc(conv)}/changes?after=0`);
    expect(changes.json).toMatchObject({ changeSequence: 11, messageList: [{ ID: m.ID }] });
    await c.close();
  });
});
