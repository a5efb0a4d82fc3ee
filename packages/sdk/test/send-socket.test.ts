import { ERRORS, type WireMessage } from '@parley/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import TencentCloudChat from '../src/index.ts';
import { GOOD_SIG } from './fake-fetch.ts';
import { FakeSocket, wire } from './fake-socket.ts';
import { destroyInstances, loginReady, newChat, until } from './helpers.ts';

const { EVENT } = TencentCloudChat;

beforeEach(() => {
  FakeSocket.protocol = 2;
});
afterEach(destroyInstances);

/** The server's ack for a send frame: the message as stored. */
function ackStored(socket: FakeSocket, index: number, sequence: number): WireMessage {
  const frame = socket.sendFrames[index];
  if (!frame) throw new Error(`no send frame ${index}`);
  const message = wire({
    from: 'zhangwei',
    to: frame.message.to,
    sequence,
    ID: frame.message.ID,
    clientTime: frame.message.clientTime,
  });
  socket.frame({ type: 'ack', ref: frame.ref, message });
  return message;
}

describe('sending on the push socket', () => {
  it('SDK60 with the socket open, sendMessage goes as a send frame (no HTTP) and resolves with the acked message', async () => {
    const { chat, server } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const received: unknown[] = [];
    chat.on(EVENT.MESSAGE_RECEIVED, (e) => received.push(e));
    const message = chat.createTextMessage({ to: 'lina', conversationType: 'C2C', payload: { text: 'hi' } });
    const sending = chat.sendMessage(message);
    await until(() => FakeSocket.last.sendFrames.length === 1);
    expect(FakeSocket.last.sendFrames[0]?.message).toMatchObject({
      ID: message.ID,
      to: 'lina',
      payload: { text: 'hi' },
    });
    const stored = ackStored(FakeSocket.last, 0, 7);
    const res = await sending;
    expect(res.code).toBe(0);
    expect(res.data.message).toBe(message);
    expect(message).toMatchObject({ status: 'success', sequence: stored.sequence, ID: stored.ID });
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/messages')).toHaveLength(0);
    expect(received).toEqual([]);
  });

  it('SDK60 a server of protocol 1 (no send frames) is sent to over HTTP', async () => {
    FakeSocket.protocol = 1;
    const { chat, server } = newChat({
      'POST /api/v1/messages': (req) => {
        const body = req.body as { ID: string; to: string; clientTime: number };
        const message = wire({ from: 'zhangwei', to: body.to, sequence: 1, ID: body.ID, clientTime: body.clientTime });
        return { status: 200, body: { message } };
      },
    });
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const message = chat.createTextMessage({ to: 'lina', conversationType: 'C2C', payload: { text: 'old server' } });
    await chat.sendMessage(message);
    expect(FakeSocket.last.sendFrames).toHaveLength(0);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/messages')).toHaveLength(1);
  });

  it('SDK61 a send whose ack never came is sent again with the same ID on the next socket, and resolves once', async () => {
    // Between the sockets a retry may go over HTTP: the server is unreachable there too.
    const posted: string[] = [];
    const { chat } = newChat({
      'POST /api/v1/messages': (req) => {
        posted.push((req.body as { ID: string }).ID);
        return new TypeError('fetch failed');
      },
    });
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const message = chat.createTextMessage({ to: 'lina', conversationType: 'C2C', payload: { text: 'again' } });
    const sending = chat.sendMessage(message);
    const first = FakeSocket.last;
    await until(() => first.sendFrames.length === 1);
    first.drop();
    await until(() => FakeSocket.last !== first && FakeSocket.last.sendFrames.length === 1, 20_000);
    const second = FakeSocket.last;
    expect(second.sendFrames[0]?.message.ID).toBe(message.ID);
    expect(posted.every((ID) => ID === message.ID)).toBe(true);
    expect(message.status).toBe('unSend');
    ackStored(second, 0, 1);
    await expect(sending).resolves.toMatchObject({ code: 0 });
    expect(message.status).toBe('success');
  });

  it('SDK62 an ack error is the server’s: refused content fails at once with its code, 60007 is retried', async () => {
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const socket = FakeSocket.last;
    const bad = chat.createTextMessage({ to: 'lina', conversationType: 'C2C', payload: { text: 'refused' } });
    const refused = chat.sendMessage(bad);
    await until(() => socket.sendFrames.length === 1);
    const { code, message } = ERRORS.PROHIBITED_CONTENT;
    socket.frame({ type: 'ack', ref: socket.sendFrames[0]?.ref ?? '', error: { code, message } });
    await expect(refused).rejects.toMatchObject({ code });
    expect(bad.status).toBe('fail');
    const busy = chat.createTextMessage({ to: 'lina', conversationType: 'C2C', payload: { text: 'later' } });
    const later = chat.sendMessage(busy);
    await until(() => socket.sendFrames.length === 2);
    const limited = ERRORS.RATE_LIMITED;
    socket.frame({
      type: 'ack',
      ref: socket.sendFrames[1]?.ref ?? '',
      error: { code: limited.code, message: limited.message, retryAfter: 1 },
    });
    await until(() => socket.sendFrames.length === 3, 20_000);
    expect(socket.sendFrames[2]?.message.ID).toBe(busy.ID);
    ackStored(socket, 2, 1);
    await expect(later).resolves.toMatchObject({ code: 0 });
  });
});
