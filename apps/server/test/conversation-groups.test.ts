import { CONVERSATION_GROUP_ROUTES as G, type WireConversation } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { isEvent, makeContactChat } from './support/contacts.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const WAIT = 30_000;

/** Decision 0049: conversation groups and custom data kept on the server per user. */
describe.each(KINDS)('conversation groups on %s (decision 0049)', (kind) => {
  const setup = async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat', 'dan'], { PARLEY_RATE_PROFILE_EDITS: '0' });
    await c.send('amy', 'bob');
    await c.send('amy', 'cat');
    const groups = async (as = 'amy') => (await c.call(as, 'GET', G.groups)).json.groupList as string[];
    const row = async (id: string, as = 'amy') =>
      (await c.conversations(as)).conversationList.find((x) => x.conversationID === id) as WireConversation;
    return { c, groups, row };
  };

  it('CGRP1 CGRP4 CGRP5 a group is made with its conversations; each row names its groups in the order made', async () => {
    const { c, groups, row } = await setup();
    const made = await c.call('amy', 'POST', G.groups, {
      groupName: 'Candidates',
      conversationIDList: ['C2Cbob', 'C2Cnobody', '@TIM#SYSTEM'],
    });
    expect(made.json).toMatchObject({ successConversationIDList: ['C2Cbob'] });
    expect((made.json.failureConversationIDList as { conversationID: string }[]).map((f) => f.conversationID)).toEqual([
      'C2Cnobody',
      '@TIM#SYSTEM',
    ]);
    expect((await c.call('amy', 'POST', G.groups, { groupName: '同事', conversationIDList: [] })).status).toBe(200);
    expect(
      (await c.call('amy', 'POST', G.addToGroup, { groupName: '同事', conversationIDList: ['C2Cbob', 'C2Ccat'] })).json,
    ).toEqual({ successConversationIDList: ['C2Cbob', 'C2Ccat'], failureConversationIDList: [] });
    expect(await groups()).toEqual(['Candidates', '同事']);
    expect((await row('C2Cbob')).groupNames).toEqual(['Candidates', '同事']);
    expect((await row('C2Ccat')).groupNames).toEqual(['同事']);
    // Groups are mine: bob has none, and his row of our conversation is in none.
    expect(await groups('bob')).toEqual([]);
    expect((await row('C2Camy', 'bob')).groupNames).toEqual([]);
    await c.close();
  });

  it('CGRP2 CGRP3 names are unique, at most 32 bytes (51011); at most 20 groups (51010); a missing group is 51009', async () => {
    const { c, groups } = await setup();
    const make = (groupName: string) => c.call('amy', 'POST', G.groups, { groupName, conversationIDList: [] });
    expect((await make('字'.repeat(10))).code).toBe(0);
    // 11 CJK characters are 33 bytes: over the limit though under 32 characters.
    expect((await make('字'.repeat(11))).code).toBe(51011);
    expect((await make('字'.repeat(10))).code).toBe(60003);
    expect((await make('a\nb')).status).toBe(400);
    expect((await make('')).status).toBe(400);
    for (let i = 1; i < 20; i += 1) expect((await make(`g${i}`)).code).toBe(0);
    expect((await make('one more')).code).toBe(51010);
    expect(await groups()).toHaveLength(20);
    expect(
      (await c.call('amy', 'POST', G.addToGroup, { groupName: 'none', conversationIDList: ['C2Cbob'] })).code,
    ).toBe(51009);
    expect((await c.call('amy', 'POST', G.deleteGroup, { groupName: 'none' })).code).toBe(51009);
    expect((await c.call('amy', 'POST', G.renameGroup, { oldName: 'none', newName: 'x' })).code).toBe(51009);
    const tooMany = Array.from({ length: 101 }, (_, i) => `C2Cu${i}`);
    expect((await c.call('amy', 'POST', G.addToGroup, { groupName: 'g1', conversationIDList: tooMany })).status).toBe(
      400,
    );
    await c.close();
  });

  it('CGRP5 a group conversation goes in only while I am a member', async () => {
    const { c, row } = await setup();
    const group = await c.create('bob', { name: 'team', type: 'Public', memberList: [{ userID: 'amy' }] });
    const id = `GROUP${group.groupID}`;
    await c.call('amy', 'POST', G.groups, { groupName: 'Work', conversationIDList: [] });
    const cat = await c.call('cat', 'POST', G.groups, { groupName: 'Work', conversationIDList: [id] });
    expect(cat.json.failureConversationIDList).toMatchObject([{ conversationID: id, code: 10007 }]);
    const amy = await c.call('amy', 'POST', G.addToGroup, { groupName: 'Work', conversationIDList: [id] });
    expect(amy.json.successConversationIDList).toEqual([id]);
    expect((await row(id)).groupNames).toEqual(['Work']);
    await c.close();
  });

  it('CGRP6 CGRP7 CGRP8 CGRP9 rename and delete move every row; my other device hears each change, a repeat none', async () => {
    const { c, groups, row } = await setup();
    const phone = await c.connect('amy');
    await c.call('amy', 'POST', G.groups, { groupName: 'Candidates', conversationIDList: ['C2Cbob'] });
    expect((await phone.next(isEvent('conversation.groups-changed'), WAIT)).event).toEqual({
      type: 'conversation.groups-changed',
      groupList: ['Candidates'],
    });
    await phone.next((f) => isEvent('conversation.changed')(f) && JSON.stringify(f).includes('C2Cbob'), WAIT);
    const before = (await c.conversations('amy')).syncVersion;
    // CGRP6: adding what is there already writes nothing and moves no version.
    await c.call('amy', 'POST', G.addToGroup, { groupName: 'Candidates', conversationIDList: ['C2Cbob'] });
    expect((await c.conversations('amy', before)).conversationList).toEqual([]);

    await c.call('amy', 'POST', G.renameGroup, { oldName: 'Candidates', newName: 'Hired' });
    expect(await groups()).toEqual(['Hired']);
    expect((await row('C2Cbob')).groupNames).toEqual(['Hired']);
    expect((await c.conversations('amy', before)).conversationList.map((x) => x.conversationID)).toEqual(['C2Cbob']);
    await phone.next((f) => isEvent('conversation.groups-changed')(f) && JSON.stringify(f).includes('Hired'), WAIT);

    await c.call('amy', 'POST', G.removeFromGroup, { groupName: 'Hired', conversationIDList: ['C2Cbob'] });
    expect((await row('C2Cbob')).groupNames).toEqual([]);
    await c.call('amy', 'POST', G.addToGroup, { groupName: 'Hired', conversationIDList: ['C2Cbob', 'C2Ccat'] });
    expect((await c.call('amy', 'POST', G.deleteGroup, { groupName: 'Hired' })).status).toBe(200);
    expect(await groups()).toEqual([]);
    expect((await row('C2Cbob')).groupNames).toEqual([]);
    expect((await row('C2Ccat')).groupNames).toEqual([]);
    await phone.next(
      (f) => isEvent('conversation.groups-changed')(f) && JSON.stringify(f).includes('"groupList":[]'),
      WAIT,
    );
    phone.ws.close();
    await c.close();
  });

  it('CGRP14 CGRP15 custom data is mine, at most 256 bytes, kept per conversation; a deleted conversation drops it and its groups', async () => {
    const { c, row } = await setup();
    const set = (customData: string, ids = ['C2Cbob', 'C2Cnobody']) =>
      c.call('amy', 'POST', G.customData, { conversationIDList: ids, customData });
    const answer = await set('{"stage":"interview"}');
    expect(answer.json.successConversationIDList).toEqual(['C2Cbob']);
    expect(answer.json.failureConversationIDList).toMatchObject([{ conversationID: 'C2Cnobody' }]);
    expect((await row('C2Cbob')).customData).toBe('{"stage":"interview"}');
    expect((await row('C2Camy', 'bob')).customData).toBe('');
    expect((await set('字'.repeat(86))).code).toBe(60003); // 258 bytes
    expect((await set('字'.repeat(85), ['C2Cbob'])).code).toBe(0); // 255 bytes
    expect((await set('a\u0000b')).status).toBe(400);

    await c.call('amy', 'POST', G.groups, { groupName: 'Candidates', conversationIDList: ['C2Cbob'] });
    expect((await c.call('amy', 'DELETE', '/api/v1/conversations/C2Cbob')).status).toBe(200);
    await c.send('bob', 'amy');
    expect(await row('C2Cbob')).toMatchObject({ customData: '', groupNames: [] });
    await c.close();
  });
});
