import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { C, isEvent, makeContactChat } from './support/contacts.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

describe.each(KINDS)('blocklist on %s', (kind) => {
  it('CNT7 add and remove answer the whole list; self 2742 and unknown users 30003 change nothing', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat']);
    expect((await c.call('amy', 'POST', C.blacklist, { userIDList: ['bob', 'cat', 'bob'] })).json).toEqual({
      blacklist: ['bob', 'cat'],
    });
    expect((await c.call('amy', 'POST', C.blacklist, { userIDList: ['amy'] })).code).toBe(2742);
    expect((await c.call('amy', 'POST', C.removeBlacklist, { userIDList: ['bob'] })).json).toEqual({
      blacklist: ['cat'],
    });
    const mixed = await c.call('amy', 'POST', C.blacklist, { userIDList: ['bob', 'ghost'] });
    expect(mixed.code).toBe(30003);
    expect((await c.call('amy', 'GET', C.blacklist)).json).toEqual({ blacklist: ['cat'] });
    expect((await c.call('amy', 'POST', C.blacklist, { userIDList: [] })).code).toBe(60003);
  });

  it('CNT8 a blocked sender gets 20007 and the blocker sees nothing; unblocking lets messages through again', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob']);
    const amy = await c.connect('amy');
    await c.call('amy', 'POST', C.blacklist, { userIDList: ['bob'] });
    const refused = await c.send('bob', 'amy', { payload: { text: 'let me in' } });
    expect([refused.status, refused.json.code]).toEqual([403, 20007]);
    // The blocker may still write to the blocked user (TIM's blocklist is one-way).
    expect((await c.send('amy', 'bob')).status).toBe(200);
    const history = await c.history('amy', 'C2Cbob');
    expect(history.messageList.map((m) => m.from)).toEqual(['amy']);
    await c.call('amy', 'POST', C.removeBlacklist, { userIDList: ['bob'] });
    const through = await c.send('bob', 'amy', { payload: { text: 'thanks' } });
    expect(through.status).toBe(200);
    const pushed = await amy.next(
      (f) => isEvent('message.new')(f) && (f.event as { message?: { from?: string } }).message?.from === 'bob',
    );
    expect((pushed.event as { message: { payload: { text: string } } }).message.payload.text).toBe('thanks');
    const texts = amy.frames
      .map((f) => (f as { event?: { message?: { payload?: { text?: string } } } }).event?.message?.payload?.text)
      .filter(Boolean);
    expect(texts).not.toContain('let me in');
  });

  it('CNT7 blocking ends the friendship both ways and drops requests; blocked users cannot befriend (30515, 30525)', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat']);
    await c.befriend('amy', 'bob');
    await c.call('cat', 'PATCH', '/api/v1/profile', { allowType: 'AllowType_Type_NeedConfirm' });
    await c.call('amy', 'POST', C.friends, { to: 'cat', source: 'AddSource_Type_Web' });
    const amy = await c.connect('amy');
    await c.call('amy', 'POST', C.blacklist, { userIDList: ['bob'] });
    await amy.next(isEvent('blacklist.changed'));
    expect([await c.friends('amy'), await c.friends('bob')]).toEqual([[], []]);
    expect((await c.call('amy', 'POST', C.friends, { to: 'bob', source: 'AddSource_Type_Web' })).code).toBe(30515);
    expect((await c.call('bob', 'POST', C.friends, { to: 'amy', source: 'AddSource_Type_Web' })).code).toBe(30525);
    await c.call('cat', 'POST', C.blacklist, { userIDList: ['amy'] });
    expect((await c.applications('cat')).friendApplicationList).toEqual([]);
    expect((await c.applications('amy')).friendApplicationList).toEqual([]);
  });
});
