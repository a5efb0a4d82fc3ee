import type { WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import TencentCloudChat from '../src/index.ts';
import { GOOD_SIG, type Recorded } from './fake-fetch.ts';
import { FakeSocket, wire } from './fake-socket.ts';
import { destroyInstances, loginReady, newChat, nextEvent } from './helpers.ts';

const { EVENT, TYPES } = TencentCloudChat;

/** Node has no window: the browser's network events are simulated on globalThis for these tests. */
const network = new EventTarget();
const g = globalThis as unknown as Record<string, unknown>;

afterEach(async () => {
  await destroyInstances();
  delete g.addEventListener;
  delete g.removeEventListener;
});

/** The server's answer to a send: the message as stored, with the given sequence. */
function stored(req: Recorded, sequence: number): WireMessage {
  const body = req.body as { ID: string; to: string; clientTime: number };
  return wire({ from: 'zhangwei', to: body.to, sequence, ID: body.ID, clientTime: body.clientTime });
}

describe('network loss', () => {
  it('SDK28 a browser offline event drops the socket and reports disconnected at once; online reconnects now', async () => {
    g.addEventListener = network.addEventListener.bind(network);
    g.removeEventListener = network.removeEventListener.bind(network);
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const socketsBefore = FakeSocket.all.length;
    const down = nextEvent(
      chat,
      EVENT.NET_STATE_CHANGE,
      (d: { state: string }) => d.state === TYPES.NET_STATE_DISCONNECTED,
    );
    network.dispatchEvent(new Event('offline'));
    await down;
    expect(FakeSocket.all.length).toBe(socketsBefore);
    const up = nextEvent(chat, EVENT.NET_STATE_CHANGE, (d: { state: string }) => d.state === TYPES.NET_STATE_CONNECTED);
    network.dispatchEvent(new Event('online'));
    await up;
    expect(FakeSocket.all.length).toBe(socketsBefore + 1);
  });

  it('SDK29 a message unacknowledged after sendTimeoutMs fails with 2801; the next ones go on; resend keeps the ID', async () => {
    let serverUp = false;
    let sequence = 0;
    const ids: string[] = [];
    const { chat } = newChat({
      'POST /api/v1/messages': (req) => {
        ids.push((req.body as { ID: string }).ID);
        if (!serverUp) return new TypeError('fetch failed');
        sequence += 1;
        return { status: 200, body: { message: stored(req, sequence) } };
      },
    });
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const first = chat.createTextMessage({ to: 'lina', conversationType: 'C2C', payload: { text: 'one' } });
    const err = await chat.sendMessage(first).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 2801, data: { message: first } });
    expect(first.status).toBe('fail');
    serverUp = true;
    const second = chat.createTextMessage({ to: 'lina', conversationType: 'C2C', payload: { text: 'two' } });
    await chat.sendMessage(second);
    expect(second.status).toBe('success');
    await chat.resendMessage(first);
    expect(first.status).toBe('success');
    expect(new Set(ids.filter((id) => id !== second.ID))).toEqual(new Set([first.ID]));
  });
});
