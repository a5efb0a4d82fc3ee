import type { WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import TencentCloudChat from '../src/index.ts';
import { GOOD_SIG, type Recorded } from './fake-fetch.ts';
import { FakeSocket, wire } from './fake-socket.ts';
import { destroyInstances, loginReady, newChat } from './helpers.ts';

const { TYPES } = TencentCloudChat;

afterEach(destroyInstances);

/** The server's answer to a send: the message as stored, with the next sequence of its conversation. */
function stored(req: Recorded, sequence: number): WireMessage {
  const body = req.body as Record<string, unknown>;
  return wire({
    from: 'zhangwei',
    to: String(body.to),
    sequence,
    ID: String(body.ID),
    time: 1_800_000_000,
    clientTime: Number(body.clientTime),
    type: String(body.type),
    payload: body.payload as Record<string, unknown>,
    cloudCustomData: String(body.cloudCustomData ?? ''),
    nick: '张伟',
    avatar: '/avatars/avatar-1.svg',
    onlineOnly: Boolean(body.onlineUserOnly),
  });
}

async function ready(routes: Parameters<typeof newChat>[0] = {}) {
  const made = newChat(routes);
  await loginReady(made.chat, { userID: 'zhangwei', userSig: GOOD_SIG });
  return made;
}

const text = (to = 'lina', t = '你好') => ({ to, conversationType: TYPES.CONV_C2C, payload: { text: t } });

describe('message factories', () => {
  it('SDK46 create a TIM Message with a fresh ID in TIM’s shape, filled from the sender’s profile', async () => {
    const { chat } = await ready();
    const a = chat.createTextMessage(text());
    const b = chat.createTextMessage(text());
    expect(a.ID).toMatch(/^zhangwei-\d{10}-\d+$/);
    expect(a.ID).not.toBe(b.ID);
    expect(a).toMatchObject({
      type: 'TIMTextElem',
      payload: { text: '你好' },
      conversationID: 'C2Clina',
      conversationType: 'C2C',
      to: 'lina',
      from: 'zhangwei',
      flow: 'out',
      status: 'unSend',
      sequence: 0,
      nick: '张伟',
      avatar: '/avatars/avatar-1.svg',
      priority: 'Normal',
      isPeerRead: false,
      isRevoked: false,
      _onlineOnlyFlag: false,
    });
    expect(a.clientTime).toBe(a.time);
    expect(a.getElements()).toEqual([{ type: 'TIMTextElem', content: { text: '你好' } }]);
    expect(a.elements).toBe(a.getElements());
    const custom = chat.createCustomMessage({ to: 'lina', conversationType: 'C2C', payload: { data: 'd' } });
    expect(custom.payload).toEqual({ data: 'd', description: '', extension: '' });
  });

  it('throws "Params validate failed." synchronously for invalid options, and rejects before SDK_READY', async () => {
    const { chat: early } = newChat();
    await expect(early.createTextMessage(text())).rejects.toMatchObject({ code: 2999 });
    const { chat } = await ready();
    const invalid: unknown[] = [
      undefined,
      { ...text(), to: 3 },
      { ...text(), conversationType: 'C2D' },
      { ...text(), payload: { text: '' } },
      { ...text(), priority: 'Urgent' },
      { ...text(), cloudCustomData: {} },
    ];
    for (const options of invalid) {
      expect(() => chat.createTextMessage(options as never)).toThrow('Params validate failed.');
    }
  });
});

describe('sendMessage', () => {
  it('M1 SDK47 mutates the message it was given and keeps its ID from creation to success', async () => {
    const { chat } = await ready({
      'POST /api/v1/messages': (req) => ({ status: 200, body: { message: stored(req, 7) } }),
    });
    const message = chat.createTextMessage(text());
    const ID = message.ID;
    const res = await chat.sendMessage(message);
    expect(res).toEqual({ code: 0, data: { message } });
    expect(message).toMatchObject({ ID, status: 'success', sequence: 7, time: 1_800_000_000 });
    expect(chat.findMessage(ID)).toBe(message);
  });

  it('M1 SDK48 retries a transport failure with the same ID until the server answers', async () => {
    const bodies: unknown[] = [];
    const { chat } = await ready({
      'POST /api/v1/messages': (req) => {
        bodies.push(req.body);
        return bodies.length < 3 ? new TypeError('fetch failed') : { status: 200, body: { message: stored(req, 1) } };
      },
    });
    const message = chat.createTextMessage(text());
    const sending = chat.sendMessage(message);
    expect(message.status).toBe('unSend');
    await sending;
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((b) => (b as { ID: string }).ID))).toEqual(new Set([message.ID]));
    expect(message.status).toBe('success');
  });

  it('SDK49 a server refusal fails at once: status fail, err.data.message, no retry; resend reuses the ID', async () => {
    const seen: string[] = [];
    let refuse = true;
    const { chat } = await ready({
      'POST /api/v1/messages': (req) => {
        seen.push((req.body as { ID: string }).ID);
        return refuse
          ? { status: 422, body: { code: 80001, message: 'prohibited' } }
          : { status: 200, body: { message: stored(req, 1) } };
      },
    });
    const message = chat.createTextMessage(text());
    const err = await chat.sendMessage(message).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 80001, message: 'prohibited', data: { message } });
    expect(message).toMatchObject({ status: 'fail', hasRiskContent: true });
    expect(seen).toHaveLength(1);
    refuse = false;
    await expect(chat.resendMessage(message)).resolves.toMatchObject({ data: { message } });
    expect(message).toMatchObject({ status: 'success', isResend: true });
    expect(seen).toEqual([message.ID, message.ID]);
  });

  it('rejects what is not an SDK message (2105), and online-only failures fail at once (2800)', async () => {
    const { chat } = await ready({ 'POST /api/v1/messages': () => new TypeError('fetch failed') });
    await expect(chat.sendMessage({ ID: 'x' } as never)).rejects.toMatchObject({ code: 2105 });
    const typing = chat.createCustomMessage({ to: 'lina', conversationType: 'C2C', payload: { data: 'typing' } });
    await expect(chat.sendMessage(typing, { onlineUserOnly: true })).rejects.toMatchObject({
      code: 2800,
      data: { message: typing },
    });
    expect(typing.status).toBe('fail');
  });

  it('a logout rejects what is still waiting to be sent', async () => {
    const { chat } = await ready({ 'POST /api/v1/messages': () => new TypeError('fetch failed') });
    FakeSocket.autoHello = false;
    const message = chat.createTextMessage(text());
    const sending = chat.sendMessage(message);
    await chat.logout();
    await expect(sending).rejects.toMatchObject({ code: 3005, data: { message } });
    expect(message.status).toBe('fail');
  });
});
