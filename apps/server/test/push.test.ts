import type { WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { signUserSig } from '../src/domain/auth/usersig.ts';
import { SECRET, cleanupApps } from './support/app.ts';
import { makeChat, nextID } from './support/messaging.ts';
import { openSocket } from './support/ws.ts';

afterEach(cleanupApps);

const isEvent = (type: string) => (f: Record<string, unknown>) =>
  f.type === 'event' && (f.event as { type: string }).type === type;

async function listening(env: Record<string, string> = {}) {
  const c = await makeChat('sqlite', ['amy', 'bob'], { env });
  const address = await c.app.listen({ port: 0, host: '127.0.0.1' });
  const url = (user: string, sig = c.sigs[user] ?? '') =>
    `${address.replace('http', 'ws')}/ws?userSig=${encodeURIComponent(sig)}`;
  return { ...c, url };
}

describe('push over the WebSocket', () => {
  it('WS6 every tab of both users gets a stored message, the sender’s tabs included', async () => {
    const c = await listening();
    const tabs = await Promise.all([openSocket(c.url('bob')), openSocket(c.url('bob')), openSocket(c.url('amy'))]);
    await Promise.all(tabs.map((t) => t.next((f) => f.type === 'hello')));
    const sent = (await c.send('amy', 'bob', { payload: { text: 'to all tabs' } })).json.message as WireMessage;
    for (const t of tabs) {
      const frame = await t.next(isEvent('message.new'));
      expect((frame.event as { message: WireMessage }).message).toEqual(sent);
    }
  });

  it('M5 an online-only message reaches the connected peer and is never stored or counted', async () => {
    const c = await listening();
    const bob = await openSocket(c.url('bob'));
    await bob.next((f) => f.type === 'hello');
    const typing = {
      data: JSON.stringify({
        businessID: 'user_typing_status',
        typingStatus: 1,
        version: 1,
        userAction: 14,
        actionParam: 'EIMAMSG_InputStatus_Ing',
      }),
    };
    const res = await c.send('amy', 'bob', { type: 'TIMCustomElem', payload: typing, onlineUserOnly: true });
    expect(res.json.message).toMatchObject({ onlineOnly: true, sequence: 0 });
    const frame = await bob.next(isEvent('message.online'));
    expect((frame.event as { message: WireMessage }).message.payload).toEqual(typing);
    expect((await c.conversations('bob')).conversationList).toEqual([]);
    expect((await c.history('bob', 'C2Camy')).messageList).toEqual([]);
    expect((await c.get('bob', '/api/v1/unread')).json).toEqual({ totalUnreadCount: 0 });
  });

  it('WS2 the server pings on its heartbeat and answers client pings', async () => {
    const c = await listening({ PARLEY_WS_HEARTBEAT_MS: '200' });
    const bob = await openSocket(c.url('bob'));
    await bob.next((f) => f.type === 'ping');
    bob.ws.send('{"type":"ping"}');
    await bob.next((f) => f.type === 'pong');
  });

  it('WS2 a client that goes silent is dropped', async () => {
    const c = await listening({ PARLEY_WS_HEARTBEAT_MS: '100' });
    const bob = await openSocket(c.url('bob'), { autoPong: false });
    expect(await bob.closed).toBe(1006);
  });

  it('WS4 unknown frames and floods close the socket with 1008; oversized frames with 1009', async () => {
    const c = await listening();
    const unknown = await openSocket(c.url('bob'));
    unknown.ws.send('{"type":"sendMessage"}');
    expect(await unknown.closed).toBe(1008);
    const flood = await openSocket(c.url('bob'));
    for (let i = 0; i < 300; i += 1) flood.ws.send('{"type":"pong"}');
    expect(await flood.closed).toBe(1008);
    const big = await openSocket(c.url('bob'));
    big.ws.send('x'.repeat(70 * 1024));
    expect(await big.closed).toBe(1009);
    const fine = await openSocket(c.url('amy'));
    fine.ws.send('{"type":"ping"}');
    await fine.next((f) => f.type === 'pong');
  });

  it('WS5 when the userSig expires the server says kicked and closes with 4001', async () => {
    const c = await listening();
    const shortSig = signUserSig(SECRET, 'bob', Math.floor(Date.now() / 1000), 1);
    const bob = await openSocket(c.url('bob', shortSig));
    await bob.next((f) => f.type === 'kicked' && f.reason === 'userSigExpired', 5000);
    expect(await bob.closed).toBe(4001);
  });

  it('WS3 a client that stops reading is disconnected instead of growing server memory', async () => {
    // The flood comes from one sender: its send limit (LIM5) is off here.
    const c = await listening({ PARLEY_RATE_SENDS: '0' });
    const bob = await openSocket(c.url('bob'));
    await bob.next((f) => f.type === 'hello');
    (bob.ws as unknown as { _socket: { pause: () => void } })._socket.pause();
    const text = '满'.repeat(2500);
    let closedEarly = false;
    void bob.closed.then(() => {
      closedEarly = true;
    });
    for (let i = 0; i < 2000 && !closedEarly; i += 1) {
      await c.send('amy', 'bob', { ID: nextID(), payload: { text } });
      const clients = [...c.app.websocketServer.clients];
      if (clients.every((s) => s.readyState !== s.OPEN)) break;
    }
    const states = [...c.app.websocketServer.clients].map((s) => s.readyState);
    expect(states.every((s) => s !== 1)).toBe(true);
  });
});
