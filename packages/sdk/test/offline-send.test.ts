import type { WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import TencentCloudChat, { type ChatSDK } from '../src/index.ts';
import { GOOD_SIG, type Recorded } from './fake-fetch.ts';
import { FakeSocket, wire } from './fake-socket.ts';
import { destroyInstances, FAST, loginReady, newChat, nextEvent, until } from './helpers.ts';

const { EVENT, TYPES } = TencentCloudChat;

afterEach(destroyInstances);

/** A server whose sends fail as a transport failure while `up` is false. */
function server() {
  const state = { up: false, posted: [] as string[], stored: [] as WireMessage[] };
  const routes = {
    'POST /api/v1/messages': (req: Recorded) => {
      const body = req.body as { ID: string; to: string; clientTime: number };
      state.posted.push(body.ID);
      if (!state.up) return new TypeError('fetch failed');
      const message = wire({ from: 'zhangwei', to: body.to, sequence: state.stored.length + 1, ID: body.ID });
      state.stored.push(message);
      return { status: 200, body: { message } };
    },
  };
  return { state, routes };
}

/** The push connection drops and does not come back until the test says hello on the new socket. */
async function goOffline(chat: ChatSDK): Promise<() => Promise<void>> {
  FakeSocket.autoHello = false;
  const down = nextEvent(chat, EVENT.NET_STATE_CHANGE, (d: { state: string }) => d.state !== TYPES.NET_STATE_CONNECTED);
  const dropped = FakeSocket.last;
  dropped.drop();
  await down;
  // Back online: the SDK's next reconnect attempt is answered.
  return async () => {
    await until(() => FakeSocket.last !== dropped);
    const up = nextEvent(chat, EVENT.NET_STATE_CHANGE, (d: { state: string }) => d.state === TYPES.NET_STATE_CONNECTED);
    FakeSocket.last.hello();
    await up;
  };
}

/** Longer than the send deadline (FAST.sendTimeoutMs): timers fire in order however slow the machine is. */
const pastTheDeadline = () => new Promise((resolve) => setTimeout(resolve, 3 * (FAST.sendTimeoutMs ?? 300)));

const text = (chat: ChatSDK, t: string) =>
  chat.createTextMessage({ to: 'lina', conversationType: TYPES.CONV_C2C, payload: { text: t } });

describe('decision 0032: sends while offline', () => {
  it('UI23 a send queued while the connection is down does not time out; it goes out by itself when it is back', async () => {
    const { state, routes } = server();
    const { chat } = newChat(routes);
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const backOnline = await goOffline(chat);
    const message = text(chat, 'offline');
    const sent = chat.sendMessage(message);
    await pastTheDeadline();
    expect(message.status).toBe('unSend');
    state.up = true;
    await backOnline();
    await expect(sent).resolves.toMatchObject({ data: { message: { ID: message.ID, status: 'success' } } });
    expect(state.stored.map((m) => m.ID)).toEqual([message.ID]);
  });

  it('UI24 deleting a queued send cancels it: sendMessage rejects, it is not listed, nothing goes out on reconnect', async () => {
    const { state, routes } = server();
    const { chat } = newChat(routes);
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const backOnline = await goOffline(chat);
    const message = text(chat, 'never mind');
    const sent = chat.sendMessage(message).catch((e: unknown) => e);
    await expect(chat.deleteMessage([message])).resolves.toMatchObject({ data: { messageList: [message] } });
    expect(await sent).toMatchObject({ code: 2100 });
    expect(chat.findMessage(message.ID)).toBeNull();
    const posted = state.posted.length;
    state.up = true;
    await backOnline();
    const after = text(chat, 'after');
    await chat.sendMessage(after);
    expect(state.posted.slice(posted)).toEqual([after.ID]);
  });
});
