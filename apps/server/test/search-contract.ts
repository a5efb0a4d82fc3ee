import { ACTION_ROUTES, MESSAGE_ROUTES, SEARCH_ROUTES, conversationPath } from '@parley/protocol';
import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { housekeeperFor } from '../src/storage/housekeeping.ts';
import { type GroupChat, R, makeGroupChat, path } from './support/groups.ts';
import { nextID } from './support/messaging.ts';

/**
 * The search contract (decision 0040), one suite run on SQLite and PostgreSQL through the public HTTP surface: what
 * a user may find (SRCH8, SRCH9), the parameters and the answer (SRCH7, SRCH10–SRCH12, SRCH20, SRCH21), and the
 * index following every change (SRCH13–SRCH15).
 */
type Kind = 'sqlite' | 'postgres';
interface Result {
  searchResultList: { conversationID: string; messageCount: number; messageList: { ID: string; payload: unknown }[] }[];
  cursor: string;
  totalCount: number;
}

async function open(kind: Kind): Promise<GroupChat> {
  return makeGroupChat(kind, ['amy', 'bob', 'cat', 'dan'], { PARLEY_RATE_SENDS: '0' });
}

const search = async (c: GroupChat, as: string, body: Record<string, unknown>) => {
  const res = await c.call(as, 'POST', SEARCH_ROUTES.messages, body);
  return { ...res, result: res.json as unknown as Result };
};
const found = async (c: GroupChat, as: string, keyword: string, extra: Record<string, unknown> = {}) => {
  const { result, status, json } = await search(c, as, { keywordList: [keyword], ...extra });
  if (status !== 200) throw new Error(`search failed: ${JSON.stringify(json)}`);
  return result.searchResultList.map((r) => `${r.conversationID}:${r.messageCount}`).sort();
};
const text = async (c: GroupChat, from: string, to: string, words: string, ID = nextID()) => {
  const res = await c.send(from, to, { ID, payload: { text: words } });
  expect(res.status).toBe(200);
  return ID;
};

export function searchContract(kind: Kind): void {
  it('SRCH8 only conversations I am in: a one-to-one chat is found by both of its members, by nobody else', async () => {
    const c = await open(kind);
    await text(c, 'amy', 'bob', '明天下午来面试前端开发工程师');
    expect(await found(c, 'amy', '前端')).toEqual(['C2Cbob:1']);
    expect(await found(c, 'bob', '面')).toEqual(['C2Camy:1']);
    expect(await found(c, 'cat', '前端')).toEqual([]);
    await c.close();
  });

  it('SRCH8 groups: members find group messages; a Public group joiner finds only what came after the join', async () => {
    const c = await open(kind);
    const g = await c.create('amy', {
      name: '招聘群',
      type: 'Public',
      joinOption: 'FreeAccess',
      memberList: [{ userID: 'bob' }],
    });
    expect((await c.say('amy', g.groupID, { payload: { text: '招聘前端一名' } })).status).toBe(200);
    expect(await found(c, 'bob', '招聘前端')).toEqual([`GROUP${g.groupID}:1`]);
    expect(await found(c, 'dan', '招聘')).toEqual([]);
    expect((await c.call('dan', 'POST', path(R.join, g.groupID), {})).json.status).toBe('JoinedSuccess');
    expect((await c.say('bob', g.groupID, { payload: { text: '欢迎加入，招聘还在继续' } })).status).toBe(200);
    expect(await found(c, 'dan', '招聘')).toEqual([`GROUP${g.groupID}:1`]);
    expect(await found(c, 'amy', '招聘')).toEqual([`GROUP${g.groupID}:2`]);
    await c.close();
  });

  it('SRCH9 SRCH14 never a recalled message, one deleted for me, or a deleted conversation; a modified text by its new words', async () => {
    const c = await open(kind);
    const recalled = await text(c, 'amy', 'bob', '这条要撤回的薪资');
    const hidden = await text(c, 'amy', 'bob', '删除的简历');
    const changed = await text(c, 'amy', 'bob', '旧的地址在上海');
    expect(await found(c, 'bob', '薪资')).toEqual(['C2Camy:1']);
    expect((await c.post('amy', conversationPath(ACTION_ROUTES.revoke, 'C2Cbob', recalled))).status).toBe(200);
    expect(await found(c, 'bob', '薪资')).toEqual([]);
    expect(await found(c, 'amy', '薪资')).toEqual([]);

    const del = await c.post('bob', conversationPath(ACTION_ROUTES.hide, 'C2Camy'), { messageIDList: [hidden] });
    expect(del.status).toBe(200);
    expect(await found(c, 'bob', '简历')).toEqual([]);
    expect(await found(c, 'amy', '简历')).toEqual(['C2Cbob:1']);

    const modify = await c.post('amy', conversationPath(ACTION_ROUTES.modify, 'C2Cbob', changed), {
      version: 0,
      payload: { text: '新的地址在北京' },
    });
    expect(modify.status).toBe(200);
    expect(await found(c, 'bob', '上海')).toEqual([]);
    expect(await found(c, 'bob', '北京')).toEqual(['C2Camy:1']);
    expect(await found(c, 'bob', '地址')).toEqual(['C2Camy:1']);

    expect((await c.del('amy', conversationPath(MESSAGE_ROUTES.conversation, 'C2Cbob'))).status).toBe(200);
    expect(await found(c, 'amy', '地址')).toEqual([]);
    expect(await found(c, 'bob', '地址')).toEqual(['C2Camy:1']);
    await c.close();
  });

  it('SRCH10 SRCH11 SRCH12 filters, one conversation page by page with a cursor, and or/and keywords', async () => {
    const c = await open(kind);
    for (let i = 0; i < 5; i += 1) await text(c, 'amy', 'bob', `第${i}个前端岗位 React`);
    await text(c, 'bob', 'amy', '前端岗位我感兴趣');
    await text(c, 'cat', 'bob', 'Vue 前端也可以');
    await c.send('amy', 'bob', {
      type: 'TIMCustomElem',
      payload: { data: '前端 hidden in data', description: '一份职位卡片', extension: '' },
    });
    expect(await found(c, 'bob', '前端')).toEqual(['C2Camy:6', 'C2Ccat:1']);
    expect(await found(c, 'bob', '前端', { senderUserIDList: ['amy'] })).toEqual(['C2Camy:5']);
    expect(await found(c, 'bob', '职位', { messageTypeList: ['TIMCustomElem'] })).toEqual(['C2Camy:1']);
    expect(await found(c, 'bob', '前端', { messageTypeList: ['TIMCustomElem'] })).toEqual([]);
    expect(await found(c, 'bob', 'react')).toEqual(['C2Camy:5']);
    expect(await found(c, 'bob', 'React前端')).toEqual([]);
    expect(
      (await search(c, 'bob', { keywordList: ['vue', '感兴趣'], keywordListMatchType: 'or' })).result.totalCount,
    ).toBe(2);
    expect(
      (await search(c, 'bob', { keywordList: ['vue', '前端'], keywordListMatchType: 'and' })).result.totalCount,
    ).toBe(1);
    // Cross-conversation: one result per conversation with its newest match (conversations by their newest match's
    // time, in seconds: these were all sent within a second or two, so their order is not asserted here).
    const all = (await search(c, 'bob', { keywordList: ['前端'] })).result;
    const amy = all.searchResultList.find((r) => r.conversationID === 'C2Camy');
    expect(amy?.messageList.map((m) => m.payload)).toEqual([{ text: '前端岗位我感兴趣' }]);
    // One conversation, two at a time: newest first, the cursor walks on, '' after the last page.
    const seen: unknown[] = [];
    let cursor = '';
    for (let i = 0; i < 4; i += 1) {
      const { result } = await search(c, 'bob', { keywordList: ['岗位'], conversationID: 'C2Camy', count: 2, cursor });
      expect(result.totalCount).toBe(6);
      seen.push(...(result.searchResultList[0]?.messageList.map((m) => m.payload) ?? []));
      cursor = result.cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([
      { text: '前端岗位我感兴趣' },
      ...[4, 3, 2, 1, 0].map((i) => ({ text: `第${i}个前端岗位 React` })),
    ]);
    // Time window: nothing before the first message, everything up to now.
    const now = Math.floor(Date.now() / 1000);
    expect(await found(c, 'bob', '前端', { timePosition: now - 3600, timePeriod: 60 })).toEqual([]);
    expect(await found(c, 'bob', '前端', { timePosition: now + 60, timePeriod: 3600 })).toEqual([
      'C2Camy:6',
      'C2Ccat:1',
    ]);
    // No keyword: a sender or type filter alone.
    expect((await search(c, 'bob', { senderUserIDList: ['cat'] })).result.totalCount).toBe(1);
    await c.close();
  });

  it('SRCH7 SRCH21 bad parameters are 27003; too many searches are 60018 with Retry-After', async () => {
    const c = await open(kind);
    const bad = [
      {},
      { keywordList: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { keywordList: ['前端'], count: 0 },
      { keywordList: ['前端'], count: 101 },
      { keywordList: [''] },
      { keywordList: ['前端'], keywordListMatchType: 'xor' },
      { keywordList: ['前端'], senderUserIDList: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { keywordList: ['前端'], messageTypeList: ['TIMNopeElem'] },
      { keywordList: ['前端'], conversationID: 'nope' },
      { keywordList: ['前端'], cursor: 'abc' },
      { keywordList: ['前端'], surprise: 1 },
    ];
    for (const [i, body] of bad.entries()) {
      // Two askers, so the bad requests stay within one user's burst (they count against it too).
      const res = await c.call(i % 2 === 0 ? 'amy' : 'cat', 'POST', SEARCH_ROUTES.messages, body);
      expect([res.status, res.code], JSON.stringify(body)).toEqual([400, 27003]);
    }
    let limited: Awaited<ReturnType<typeof c.call>> | undefined;
    for (let i = 0; i < 60 && !limited; i += 1) {
      const res = await c.call('bob', 'POST', SEARCH_ROUTES.messages, { keywordList: ['前端'] });
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited?.code).toBe(60018);
    await c.close();
  });

  it('SRCH13 SRCH15 a message purged by retention leaves the index with its row', async () => {
    const c = await open(kind);
    await text(c, 'amy', 'bob', '保留期过后清除的消息');
    const storage = c.app.parley.domain.storage;
    const db = (storage as unknown as { db: Kysely<unknown> }).db;
    const indexed = async () =>
      Number(
        (kind === 'sqlite'
          ? await sql<{ n: number }>`select count(*) as n from message_fts where message_fts match '"清除"'`.execute(db)
          : await sql<{ n: number }>`select count(*) as n from messages where search @@ '清除'::tsquery`.execute(db)
        ).rows[0]?.n,
      );
    expect(await indexed()).toBe(1);
    expect((await c.del('amy', conversationPath(MESSAGE_ROUTES.conversation, 'C2Cbob'))).status).toBe(200);
    expect((await c.del('bob', conversationPath(MESSAGE_ROUTES.conversation, 'C2Camy'))).status).toBe(200);
    const keeper = housekeeperFor(storage, { purgeAfterSeconds: 0 });
    await keeper?.run(Math.floor(Date.now() / 1000) + 10);
    expect(await indexed()).toBe(0);
    await c.close();
  });

  it('SRCH30 SRCH31 SRCH32 users, groups and members by ID, nick, name and name card, CJK substrings included', async () => {
    const c = await open(kind);
    expect((await c.call('amy', 'PATCH', '/api/v1/profile', { nick: '张小前端' })).status).toBe(200);
    const users = await c.call('bob', 'POST', SEARCH_ROUTES.users, { keywordList: ['小前'] });
    expect((users.json.searchResultList as { userID: string }[]).map((u) => u.userID)).toEqual(['amy']);
    const byID = await c.call('bob', 'POST', SEARCH_ROUTES.users, { keywordList: ['DA'] });
    expect((byID.json.searchResultList as { userID: string }[]).map((u) => u.userID)).toEqual(['dan']);
    const g = await c.create('amy', {
      name: '太原前端交流群',
      type: 'Public',
      joinOption: 'FreeAccess',
      memberList: [{ userID: 'bob' }],
    });
    const w = await c.create('amy', { name: '前端内部工作群', memberList: [{ userID: 'bob' }] });
    const groups = async (as: string, keyword: string) =>
      (
        (await c.call(as, 'POST', SEARCH_ROUTES.groups, { keywordList: [keyword] })).json.searchResultList as {
          groupID: string;
        }[]
      )
        .map((x) => x.groupID)
        .sort();
    expect(await groups('cat', '原')).toEqual([g.groupID]);
    expect(await groups('cat', '前端')).toEqual([g.groupID]); // a Work group only for its members (GRP3)
    expect(await groups('bob', '前端')).toEqual([g.groupID, w.groupID].sort());
    const members = async (as: string, keyword: string) =>
      (
        (await c.call(as, 'POST', SEARCH_ROUTES.groupMembers, { keywordList: [keyword], groupIDList: [g.groupID] }))
          .json.searchResultList as { groupID: string; memberList: { userID: string }[] }[]
      ).map((x) => [x.groupID, x.memberList.map((m) => m.userID)]);
    expect(await members('bob', '前端')).toEqual([[g.groupID, ['amy']]]);
    expect(await members('cat', '前端')).toEqual([]); // not a member: no member list
    expect((await c.call('bob', 'POST', SEARCH_ROUTES.users, { keywordList: [] })).code).toBe(27003);
    await c.close();
  });
}
