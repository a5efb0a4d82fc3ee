import { EDIT_ROUTES, ROUTES, type MessageVersion, type WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { type GroupChat, makeGroupChat } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const BASE = Date.UTC(2026, 0, 1);
const enc = encodeURIComponent;
const msgPath = (conv: string, id: string, action: string) =>
  `/api/v1/conversations/${enc(conv)}/messages/${enc(id)}/${action}`;
const versionsPath = (conv: string, id: string) =>
  EDIT_ROUTES.versions.replace(':conversationID', enc(conv)).replace(':messageID', enc(id));

/** A chat whose clock the test moves (edit windows are never waited for). */
async function open(kind: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const clock = { t: BASE, now: () => clock.t };
  const c = await makeGroupChat(kind, ['amy', 'bob', 'cat'], env, { clock });
  const sendText = async (from: string, to: string, text = 'hello') => {
    const res = await c.send(from, to, { payload: { text } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.json));
    return res.json.message as WireMessage;
  };
  const history = async (as: string, conv: string) =>
    (await c.history(as, enc(conv), '?count=100')).messageList as WireMessage[];
  return { c, clock, sendText, history };
}

const modify = (c: GroupChat, as: string, conv: string, id: string, body: Record<string, unknown>) =>
  c.call(as, 'POST', msgPath(conv, id, 'modify'), body);
const versions = (c: GroupChat, as: string, conv: string, id: string) => c.call(as, 'GET', versionsPath(conv, id));
const texts = (list: MessageVersion[]) => list.map((v) => v.payload.text);

describe.each(KINDS)('edited messages (%s)', (kind) => {
  it('EDIT2 a text is edited within the window (default a day); later the sender gets 60043 and nothing changes', async () => {
    const { c, clock, sendText, history } = await open(kind);
    const m = await sendText('amy', 'bob', 'first');
    clock.t += 86_000_000;
    expect((await modify(c, 'amy', 'C2Cbob', m.ID, { version: 0, payload: { text: 'second' } })).code).toBe(0);
    clock.t += 1_000_000;
    const late = await modify(c, 'amy', 'C2Cbob', m.ID, { version: 1, payload: { text: 'third' } });
    expect(late.status).toBe(403);
    expect(late.code).toBe(60043);
    expect((await history('bob', 'C2Camy'))[0]).toMatchObject({ payload: { text: 'second' }, version: 1 });
    await c.close();
  });

  it('EDIT2 EDIT3 PARLEY_EDIT_WINDOW_S sets the window and reaches clients; cloudCustomData changes ignore it', async () => {
    const { c, clock, sendText } = await open(kind, { PARLEY_EDIT_WINDOW_S: '60' });
    const features = await c.app.inject({ method: 'GET', url: ROUTES.features });
    expect(features.json().config).toMatchObject({ editWindowSeconds: 60 });
    const m = await sendText('amy', 'bob', 'first');
    clock.t += 61_000;
    expect((await modify(c, 'amy', 'C2Cbob', m.ID, { version: 0, payload: { text: 'late' } })).code).toBe(60043);
    expect((await modify(c, 'bob', 'C2Camy', m.ID, { version: 0, cloudCustomData: '{"r":1}' })).code).toBe(0);
    expect((await modify(c, 'amy', 'C2Cbob', m.ID, { version: 1, cloudCustomData: '{"r":2}' })).code).toBe(0);
    await c.close();
  });

  it('EDIT2 PARLEY_EDIT_WINDOW_S=0 is no limit, as the reference', async () => {
    const { c, clock, sendText } = await open(kind, { PARLEY_EDIT_WINDOW_S: '0' });
    const features = await c.app.inject({ method: 'GET', url: ROUTES.features });
    expect(features.json().config).toMatchObject({ editWindowSeconds: 0 });
    const m = await sendText('amy', 'bob', 'first');
    clock.t += 6 * 86_400_000; // past the default day, within the userSig's week
    expect((await modify(c, 'amy', 'C2Cbob', m.ID, { version: 0, payload: { text: 'much later' } })).code).toBe(0);
    await c.close();
  });

  it('EDIT4 an edited text carries editTime everywhere; a cloudCustomData change alone is no edit', async () => {
    const { c, clock, sendText, history } = await open(kind);
    const m = await sendText('amy', 'bob', 'first');
    const reacted = await modify(c, 'bob', 'C2Camy', m.ID, { version: 0, cloudCustomData: '{"r":1}' });
    expect(reacted.json.message).not.toHaveProperty('editTime');
    clock.t += 5_000;
    const edited = await modify(c, 'amy', 'C2Cbob', m.ID, { version: 1, payload: { text: 'second' } });
    const editTime = Math.floor(clock.t / 1000);
    expect(edited.json.message).toMatchObject({ editTime, payload: { text: 'second' } });
    // A later change of cloudCustomData keeps the mark; pages and catch-up serve it.
    await modify(c, 'bob', 'C2Camy', m.ID, { version: 2, cloudCustomData: '{"r":2}' });
    expect((await history('bob', 'C2Camy'))[0]).toMatchObject({ editTime, version: 3 });
    const changes = await c.call('bob', 'GET', `/api/v1/conversations/${enc('C2Camy')}/changes?after=0`);
    expect((changes.json.messageList as WireMessage[])[0]).toMatchObject({ editTime, cloudCustomData: '{"r":2}' });
    await c.close();
  });

  it('EDIT5 every content edit keeps the text it replaced, oldest first, with when it was written and replaced', async () => {
    const { c, clock, sendText } = await open(kind);
    const m = await sendText('amy', 'bob', 'one');
    clock.t += 10_000;
    await modify(c, 'amy', 'C2Cbob', m.ID, { version: 0, payload: { text: 'two' } });
    await modify(c, 'bob', 'C2Camy', m.ID, { version: 1, cloudCustomData: '{"r":1}' });
    clock.t += 10_000;
    await modify(c, 'amy', 'C2Cbob', m.ID, { version: 2, payload: { text: 'three' } });
    // The same text again is no edit: nothing is kept.
    await modify(c, 'amy', 'C2Cbob', m.ID, { version: 3, payload: { text: 'three' } });
    const res = await versions(c, 'amy', 'C2Cbob', m.ID);
    expect(res.code).toBe(0);
    const list = res.json.versionList as MessageVersion[];
    expect(texts(list)).toEqual(['one', 'two']);
    expect(list.map((v) => v.version)).toEqual([0, 2]);
    expect(list[0]).toMatchObject({ time: m.time, replacedTime: m.time + 10 });
    expect(list[1]).toMatchObject({ time: m.time + 10, replacedTime: m.time + 20 });
    await c.close();
  });

  it('EDIT6 only the sender lists versions: the peer 60044, a stranger and an unknown message 20026', async () => {
    const { c, sendText } = await open(kind);
    const m = await sendText('amy', 'bob', 'one');
    await modify(c, 'amy', 'C2Cbob', m.ID, { version: 0, payload: { text: 'two' } });
    const peer = await versions(c, 'bob', 'C2Camy', m.ID);
    expect(peer.status).toBe(403);
    expect(peer.code).toBe(60044);
    expect(JSON.stringify(peer.json)).not.toContain('one');
    expect((await versions(c, 'cat', 'C2Camy', m.ID)).code).toBe(20026);
    expect((await versions(c, 'amy', 'C2Cbob', 'missing')).code).toBe(20026);
    const g = await c.create('amy', { name: 'g', memberList: [{ userID: 'bob' }] });
    const gm = (await c.say('amy', g.groupID)).json.message as WireMessage;
    await modify(c, 'amy', `GROUP${g.groupID}`, gm.ID, { version: 0, payload: { text: 'fixed' } });
    expect((await versions(c, 'bob', `GROUP${g.groupID}`, gm.ID)).code).toBe(60044);
    expect((await versions(c, 'amy', `GROUP${g.groupID}`, gm.ID)).code).toBe(0);
    await c.close();
  });

  it('EDIT7 a recall forgets the earlier texts too', async () => {
    const { c, sendText } = await open(kind);
    const m = await sendText('amy', 'bob', 'one');
    await modify(c, 'amy', 'C2Cbob', m.ID, { version: 0, payload: { text: 'two' } });
    expect((await c.call('amy', 'POST', msgPath('C2Cbob', m.ID, 'revoke'))).code).toBe(0);
    expect((await versions(c, 'amy', 'C2Cbob', m.ID)).code).toBe(20026);
    await c.close();
  });
});
