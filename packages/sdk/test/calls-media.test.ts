import { afterEach, describe, expect, it } from 'vitest';
import { GOOD_SIG } from './fake-fetch.ts';
import { destroyInstances, loginReady, newChat } from './helpers.ts';

afterEach(destroyInstances);

const TURN = {
  iceServers: [
    { urls: ['stun:turn.example:3478'] },
    { urls: ['turn:turn.example:3478'], username: '1900000000:zhangwei', credential: 'c2VjcmV0' },
  ],
  ttlSeconds: 600,
  iceTransportPolicy: 'relay',
};

async function ready(answer: () => { status: number; body?: unknown }) {
  const made = newChat({ 'GET /api/v1/calls/ice-servers': () => answer() });
  await loginReady(made.chat, { userID: 'zhangwei', userSig: GOOD_SIG });
  const asked = () => made.server.requests.filter((r) => r.path === '/api/v1/calls/ice-servers').length;
  return { ...made, asked };
}

describe('getCallIceServers (decision 0039)', () => {
  it('KCALL1 answers the server list in {code: 0, data}, kept while the TURN credentials are young', async () => {
    const t = await ready(() => ({ status: 200, body: TURN }));
    const first = await t.chat.getCallIceServers();
    expect(first).toEqual({ code: 0, data: TURN });
    // A caller mutating the answer does not change the next one.
    first.data.iceServers.pop();
    expect((await t.chat.getCallIceServers()).data).toEqual(TURN);
    expect(t.asked()).toBe(1);
  });

  it('KCALL1 without TURN (TTL 0) the list is asked each time', async () => {
    const t = await ready(() => ({ status: 200, body: { iceServers: [], ttlSeconds: 0, iceTransportPolicy: 'all' } }));
    expect((await t.chat.getCallIceServers()).data).toEqual({
      iceServers: [],
      ttlSeconds: 0,
      iceTransportPolicy: 'all',
    });
    await t.chat.getCallIceServers();
    expect(t.asked()).toBe(2);
  });

  it('KCALL1 a malformed answer rejects with a ChatError instead of reaching RTCPeerConnection', async () => {
    const t = await ready(() => ({ status: 200, body: { iceServers: [{ urls: 'stun:x' }], ttlSeconds: 1 } }));
    await expect(t.chat.getCallIceServers()).rejects.toMatchObject({ code: expect.any(Number) });
  });

  it('KCALL1 before login it rejects like every guarded method', async () => {
    const { chat } = newChat();
    await expect(chat.getCallIceServers()).rejects.toMatchObject({ code: expect.any(Number) });
  });
});
