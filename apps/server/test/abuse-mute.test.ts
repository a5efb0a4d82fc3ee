import type { GroupMember, WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { type GroupChat, R, makeGroupChat, path } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const BASE = Date.UTC(2026, 0, 1);
const enc = encodeURIComponent;
const msgPath = (conv: string, id: string, action: string) =>
  `/api/v1/conversations/${enc(conv)}/messages/${enc(id)}/${action}`;

/** A group chat whose clock the test moves: a mute's end is reached without waiting. */
async function open(kind: 'sqlite' | 'postgres') {
  const clock = { t: BASE, now: () => clock.t };
  const c = await makeGroupChat(kind, ['amy', 'bob', 'cat'], {}, { clock });
  return { c, clock };
}

const muteUntilOf = async (c: GroupChat, groupID: string, userID: string) => {
  const res = await c.call('amy', 'POST', path(R.memberProfiles, groupID), { userIDList: [userID] });
  return (res.json.memberList as GroupMember[])[0]?.muteUntil;
};

const muteFor = async (c: GroupChat, groupID: string, userID: string, muteTime: number) => {
  const res = await c.call('amy', 'PUT', path(R.mute, groupID, { userID }), { muteTime });
  if (res.code !== 0) throw new Error(`mute: ${JSON.stringify(res.json)}`);
  return (res.json.member as GroupMember).muteUntil;
};

describe.each(KINDS)('mutes kept and applied to changes (%s)', (kind) => {
  it.each([
    ['Public', { joinOption: 'FreeAccess' }],
    ['ChatRoom', { joinOption: 'FreeAccess' }],
    ['AVChatRoom', {}],
  ])('ABU10 a %s mute outlives quitting and joining again, to its end and no further', async (type, extra) => {
    const { c, clock } = await open(kind);
    const g = await c.create('amy', { name: 'free', type, ...extra });
    expect((await c.call('bob', 'POST', path(R.join, g.groupID), {})).code).toBe(0);
    const until = await muteFor(c, g.groupID, 'bob', 600);
    expect(until).toBe(BASE / 1000 + 600);
    expect((await c.call('bob', 'POST', path(R.quit, g.groupID))).code).toBe(0);
    clock.t += 100_000;
    expect((await c.call('bob', 'POST', path(R.join, g.groupID), {})).code).toBe(0);
    expect((await c.say('bob', g.groupID)).json).toMatchObject({ code: 10017 });
    expect(await muteUntilOf(c, g.groupID, 'bob')).toBe(until);
    // Leaving again after the end: the mute is over and nothing of it comes back.
    clock.t += 600_000;
    expect((await c.call('bob', 'POST', path(R.quit, g.groupID))).code).toBe(0);
    expect((await c.call('bob', 'POST', path(R.join, g.groupID), {})).code).toBe(0);
    expect(await muteUntilOf(c, g.groupID, 'bob')).toBe(0);
    expect((await c.say('bob', g.groupID)).code).toBe(0);
    await c.close();
  });

  it('ABU10 a removed member keeps the mute when they join again; an unmute before leaving keeps nothing', async () => {
    const { c } = await open(kind);
    const g = await c.create('amy', { name: 'p', type: 'Public', joinOption: 'FreeAccess' });
    for (const u of ['bob', 'cat']) await c.call(u, 'POST', path(R.join, g.groupID), {});
    const until = await muteFor(c, g.groupID, 'bob', 3600);
    await muteFor(c, g.groupID, 'cat', 3600);
    await muteFor(c, g.groupID, 'cat', 0);
    expect((await c.call('amy', 'POST', path(R.deleteMembers, g.groupID), { userIDList: ['bob', 'cat'] })).code).toBe(
      0,
    );
    for (const u of ['bob', 'cat']) expect((await c.call(u, 'POST', path(R.join, g.groupID), {})).code).toBe(0);
    expect([await muteUntilOf(c, g.groupID, 'bob'), await muteUntilOf(c, g.groupID, 'cat')]).toEqual([until, 0]);
    expect((await c.say('bob', g.groupID)).json).toMatchObject({ code: 10017 });
    expect((await c.say('cat', g.groupID)).code).toBe(0);
    await c.close();
  });

  it('ABU15 a muted member changes no message: cloudCustomData, own content and reactions are refused with 10017', async () => {
    const { c } = await open(kind);
    const g = await c.create('amy', { name: 'p', type: 'Public', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
    const conv = `GROUP${g.groupID}`;
    const mine = (await c.say('bob', g.groupID)).json.message as WireMessage;
    const theirs = (await c.say('cat', g.groupID)).json.message as WireMessage;
    // Only the sender changes content (60040); anyone may write cloudCustomData while allowed to speak.
    expect(
      (await c.call('bob', 'POST', msgPath(conv, theirs.ID, 'modify'), { version: 0, payload: { text: 'x' } })).code,
    ).toBe(60040);
    const allowed = await c.call('bob', 'POST', msgPath(conv, theirs.ID, 'modify'), {
      version: 0,
      cloudCustomData: 'ok',
    });
    expect(allowed.code).toBe(0);
    await muteFor(c, g.groupID, 'bob', 600);
    const attempts = [
      c.call('bob', 'POST', msgPath(conv, theirs.ID, 'modify'), { version: 1, cloudCustomData: 'spam' }),
      c.call('bob', 'POST', msgPath(conv, mine.ID, 'modify'), { version: 0, payload: { text: 'spam' } }),
      c.call('bob', 'POST', msgPath(conv, mine.ID, 'modify'), { version: 0, cloudCustomData: 'spam' }),
      c.call('bob', 'POST', msgPath(conv, theirs.ID, 'reactions'), { reactionID: '👍' }),
    ];
    for (const res of await Promise.all(attempts)) expect([res.status, res.code]).toEqual([403, 10017]);
    // Mute All holds ordinary members the same way; the owner still may.
    await c.call('amy', 'PATCH', path(R.group, g.groupID), { muteAllMembers: true });
    const cat = await c.call('cat', 'POST', msgPath(conv, theirs.ID, 'modify'), { version: 1, cloudCustomData: 'x' });
    expect(cat.code).toBe(10017);
    expect(
      (await c.call('amy', 'POST', msgPath(conv, theirs.ID, 'modify'), { version: 1, cloudCustomData: 'o' })).code,
    ).toBe(0);
    const stored = await c.groupHistory('amy', g.groupID);
    expect(stored.find((m) => m.ID === mine.ID)).toMatchObject({ payload: { text: 'hi' }, cloudCustomData: '' });
    expect(stored.find((m) => m.ID === theirs.ID)?.cloudCustomData).toBe('o');
    await c.close();
  });
});
