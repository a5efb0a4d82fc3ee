import { ERRORS, WS, type WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { KINDS, makeChat, nextID } from './support/messaging.ts';
import { type OpenSocket, openSocket } from './support/ws.ts';

afterEach(cleanupApps);

const isEvent = (type: string) => (f: Record<string, unknown>) =>
  f.type === 'event' && (f.event as { type: string }).type === type;
const ackOf = (ref: string) => (f: Record<string, unknown>) => f.type === 'ack' && f.ref === ref;
const text = (t: string) => ({ type: 'TIMTextElem' as const, payload: { text: t } });

async function listening(kind: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const c = await makeChat(kind, ['amy', 'bob', 'cat'], { env });
  const address = await c.app.listen({ port: 0, host: '127.0.0.1' });
  const open = async (user: string): Promise<OpenSocket> => {
    const s = await openSocket(`${address.replace('http', 'ws')}/ws?userSig=${encodeURIComponent(c.sigs[user] ?? '')}`);
    await s.next((f) => f.type === 'hello');
    return s;
  };
  const sendFrame = (s: OpenSocket, to: string, body: Record<string, unknown>, ID = nextID()) => {
    s.ws.send(JSON.stringify({ type: 'send', ref: ID, message: { ID, conversationType: 'C2C', to, ...body } }));
    return s.next(ackOf(ID));
  };
  return { ...c, open, sendFrame };
}

describe.each(KINDS)('sending on the push socket (%s)', (kind) => {
  it('WS7 a send frame is answered by an ack carrying the stored message, pushed to both sides as over HTTP', async () => {
    const c = await listening(kind);
    const [amy, bob] = [await c.open('amy'), await c.open('bob')];
    const ack = await c.sendFrame(amy, 'bob', text('over the socket'));
    const message = ack.message as WireMessage;
    expect(message).toMatchObject({ from: 'amy', to: 'bob', sequence: 1, payload: { text: 'over the socket' } });
    const pushed = await bob.next(isEvent('message.new'));
    expect((pushed.event as { message: WireMessage }).message).toEqual(message);
    expect((await c.history('bob', 'C2Camy')).messageList).toEqual([message]);
    // The same message over HTTP answers the same stored copy (M1), whichever transport came first.
    const again = await c.send('amy', 'bob', { ID: message.ID, ...text('over the socket') });
    expect(again.json.message).toEqual(message);
  });

  it('WS7 M1 a send frame retried with the same ID gets the stored message back and is pushed once', async () => {
    const c = await listening(kind);
    const [amy, bob] = [await c.open('amy'), await c.open('bob')];
    const ID = nextID();
    const first = await c.sendFrame(amy, 'bob', text('once'), ID);
    amy.frames.length = 0;
    const second = await c.sendFrame(amy, 'bob', text('once'), ID);
    expect(second.message).toEqual(first.message);
    const marker = await c.sendFrame(amy, 'bob', text('marker'));
    await bob.next((f) => isEvent('message.new')(f) && (f.event as { message: WireMessage }).message.ID === marker.ref);
    expect(bob.frames.filter(isEvent('message.new') as (f: unknown) => boolean)).toHaveLength(2);
  });

  it('WS7 the refusals of the HTTP route come back as ack errors: schema, 8 KB (M7), content (MOD1), M8, unknown peer', async () => {
    const c = await listening(kind);
    const [amy, bob] = [await c.open('amy'), await c.open('bob')];
    const code = async (to: string, body: Record<string, unknown>, ID?: string) =>
      ((await c.sendFrame(amy, to, body, ID)).error as { code: number }).code;
    expect(await code('bob', { type: 'TIMTextElem', payload: { text: 1 } })).toBe(ERRORS.INVALID_PARAMS.code);
    expect(await code('bob', { ...text('x'), extra: true })).toBe(ERRORS.INVALID_PARAMS.code);
    expect(await code('bob', text('a'.repeat(8193)))).toBe(ERRORS.MESSAGE_TOO_LONG.code);
    expect(await code('bob', text('代开发票 cheap'))).toBe(ERRORS.PROHIBITED_CONTENT.code);
    expect(await code('nobody', text('hello'))).toBe(ERRORS.ACCOUNT_NOT_FOUND.code);
    const taken = await c.sendFrame(bob, 'amy', text('mine'));
    expect(await code('bob', text('reuse'), taken.ref as string)).toBe(ERRORS.INVALID_MESSAGE.code);
    expect((await c.history('amy', 'C2Cbob')).messageList.map((m) => m.payload.text)).toEqual(['mine']);
  });

  it('WS8 the per-user send rate limit applies to frames: 60007 with retryAfter in the ack, nothing stored', async () => {
    const c = await listening(kind, { PARLEY_RATE_SENDS: '2' });
    const amy = await c.open('amy');
    const acks = [];
    for (let i = 0; i < 6; i += 1) acks.push(await c.sendFrame(amy, 'bob', text(`n${i}`)));
    const refused = acks.filter((a) => a.error);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.error).toMatchObject({ code: ERRORS.RATE_LIMITED.code, retryAfter: expect.any(Number) });
    const stored = (await c.history('amy', 'C2Cbob')).messageList.length;
    expect(stored).toBe(acks.filter((a) => a.message).length);
  });
});

describe('send frames and the frame budget', () => {
  it(`WS9 accepted sends do not take from the frame budget: ${WS.maxFramesPer10s + 50} sends in a burst are all stored`, async () => {
    const c = await listening('sqlite', { PARLEY_RATE_SENDS: '0' });
    const amy = await c.open('amy');
    const refs: string[] = [];
    for (let i = 0; i < WS.maxFramesPer10s + 50; i += 1) {
      const ID = nextID();
      refs.push(ID);
      amy.ws.send(
        JSON.stringify({
          type: 'send',
          ref: ID,
          message: { ID, conversationType: 'C2C', to: 'bob', ...text(`b${i}`) },
        }),
      );
    }
    const acks = await Promise.all(refs.map((r) => amy.next(ackOf(r), 20_000)));
    expect(acks.every((a) => a.message)).toBe(true);
    expect(amy.ws.readyState).toBe(amy.ws.OPEN);
  });

  it('WS9 refused frames do take from it: a client that keeps sending past the rate limit is disconnected (1008)', async () => {
    const c = await listening('sqlite', { PARLEY_RATE_SENDS: '1' });
    const amy = await c.open('amy');
    for (let i = 0; i < WS.maxFramesPer10s + 10; i += 1) {
      const ID = nextID();
      amy.ws.send(
        JSON.stringify({ type: 'send', ref: ID, message: { ID, conversationType: 'C2C', to: 'bob', ...text('x') } }),
      );
    }
    expect(await amy.closed).toBe(1008);
  });

  it('WS10 a send frame without a usable ref is a protocol violation (1008)', async () => {
    const c = await listening('sqlite');
    const amy = await c.open('amy');
    amy.ws.send(JSON.stringify({ type: 'send', message: {} }));
    expect(await amy.closed).toBe(1008);
  });
});
