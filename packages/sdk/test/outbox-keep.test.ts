import type { WireMessage } from '@parley/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import TencentCloudChat from '../src/index.ts';
import { openKeeper } from '../src/message/outbox-keeper.ts';
import { GOOD_SIG, type Recorded } from './fake-fetch.ts';
import { wire } from './fake-socket.ts';
import { destroyInstances, loginReady, newChat } from './helpers.ts';

const { TYPES } = TencentCloudChat;

/** The browser's localStorage, in memory. */
class MemoryStorage {
  map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}

const KEY = 'parley.outbox.v1.zhangwei';
const globals = globalThis as { localStorage?: unknown };
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  globals.localStorage = storage;
});
afterEach(async () => {
  await destroyInstances();
  delete globals.localStorage;
});

/** A fake server whose send answer the test switches, and whose history holds what it stored. */
function server() {
  const state = { mode: 'refuse' as 'refuse' | 'down' | 'store', posted: [] as string[], stored: [] as WireMessage[] };
  const routes = {
    'POST /api/v1/messages': (req: Recorded) => {
      const body = req.body as { ID: string; to: string; payload: Record<string, unknown>; clientTime: number };
      state.posted.push(body.ID);
      if (state.mode === 'down') return new TypeError('fetch failed');
      if (state.mode === 'refuse') return { status: 422, body: { code: 80001, message: 'prohibited' } };
      const message = wire({
        from: 'zhangwei',
        to: body.to,
        sequence: state.stored.length + 1,
        ID: body.ID,
        payload: body.payload,
        clientTime: body.clientTime,
      });
      if (!state.stored.some((m) => m.ID === body.ID)) state.stored.push(message);
      return { status: 200, body: { message } };
    },
    'GET /api/v1/conversations/C2Clina/messages': () => ({
      status: 200,
      body: { messageList: state.stored, nextReqMessageID: state.stored[0]?.ID ?? '', isCompleted: true },
    }),
  };
  return { state, routes };
}

async function login(routes: Parameters<typeof newChat>[0]) {
  const made = newChat(routes);
  await loginReady(made.chat, { userID: 'zhangwei', userSig: GOOD_SIG });
  return made.chat;
}

/** A reload: the page dies without running any code, so what it wrote stays; then a new page logs in. */
async function reload(routes: Parameters<typeof newChat>[0], edit: (saved: Map<string, string>) => void = () => {}) {
  const saved = new Map(storage.map);
  await destroyInstances();
  storage.map = saved;
  edit(saved);
  return login(routes);
}

const text = (t: string) => ({ to: 'lina', conversationType: TYPES.CONV_C2C, payload: { text: t } });
const list = async (chat: Awaited<ReturnType<typeof login>>) =>
  (await chat.getMessageList({ conversationID: 'C2Clina' })).data.messageList;

describe('SDK8 unsent and failed messages survive a reload', () => {
  it('SDK8 a failed message comes back after a reload as fail, with its ID, until it is resent', async () => {
    const { state, routes } = server();
    const first = await login(routes);
    const message = first.createTextMessage(text('kept'));
    await expect(first.sendMessage(message)).rejects.toMatchObject({ code: 80001 });
    expect(JSON.parse(storage.getItem(KEY) ?? '[]')).toHaveLength(1);

    const second = await reload(routes);
    const [again, ...rest] = await list(second);
    expect(rest).toEqual([]);
    expect(again).toMatchObject({
      ID: message.ID,
      status: 'fail',
      flow: 'out',
      from: 'zhangwei',
      to: 'lina',
      conversationID: 'C2Clina',
      payload: { text: 'kept' },
      hasRiskContent: true,
    });
    expect(second.findMessage(message.ID)).toBe(again);

    state.mode = 'store';
    await expect(second.resendMessage(again as never)).resolves.toMatchObject({ data: { message: again } });
    expect(state.posted).toEqual([message.ID, message.ID]);
    expect(storage.getItem(KEY)).toBeNull();
    const third = await reload(routes);
    expect((await list(third)).map((m) => [m.ID, m.status])).toEqual([[message.ID, 'success']]);
  });

  it('SDK8 an unsent message is sent again after a reload with the same ID, within its deadline', async () => {
    const { state, routes } = server();
    state.mode = 'down';
    const first = await login(routes);
    const message = first.createTextMessage(text('on its way'));
    void first.sendMessage(message).catch(() => undefined);
    expect(JSON.parse(storage.getItem(KEY) ?? '[]')).toMatchObject([{ ID: message.ID, status: 'unSend' }]);

    state.mode = 'store';
    const second = await reload(routes);
    expect(state.stored.map((m) => m.ID)).toEqual([message.ID]);
    expect((await list(second)).map((m) => [m.ID, m.status])).toEqual([[message.ID, 'success']]);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('SDK8 an unsent message past its deadline comes back as fail and is not sent by itself', async () => {
    const { state, routes } = server();
    state.mode = 'down';
    const first = await login(routes);
    const message = first.createTextMessage(text('too late'));
    void first.sendMessage(message).catch(() => undefined);
    const posted = state.posted.length;
    state.mode = 'store';
    const second = await reload(routes, (saved) => {
      const records = JSON.parse(saved.get(KEY) ?? '[]') as { sentAt: number }[];
      for (const r of records) r.sentAt -= 60_000;
      saved.set(KEY, JSON.stringify(records));
    });
    expect((await list(second)).map((m) => [m.ID, m.status])).toEqual([[message.ID, 'fail']]);
    expect(state.posted.slice(posted)).not.toContain(message.ID);
  });

  it('SDK8 kept messages are listed before this page’s own unsent ones, oldest first', async () => {
    const { state, routes } = server();
    const first = await login(routes);
    const a = first.createTextMessage(text('a'));
    const b = first.createTextMessage(text('b'));
    await first.sendMessage(a).catch(() => undefined);
    await first.sendMessage(b).catch(() => undefined);
    const second = await reload(routes);
    state.mode = 'down';
    const c = second.createTextMessage(text('c'));
    void second.sendMessage(c).catch(() => undefined);
    expect((await list(second)).map((m) => m.payload.text)).toEqual(['a', 'b', 'c']);
  });

  it('SDK8 a logout leaves nothing of the user in storage', async () => {
    const { routes } = server();
    const chat = await login(routes);
    await chat.sendMessage(chat.createTextMessage(text('private'))).catch(() => undefined);
    expect(storage.getItem(KEY)).not.toBeNull();
    await chat.logout();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('SDK8 without usable storage (Node, blocked or full) sending works as before, in memory', async () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    globals.localStorage = blocked;
    const { state, routes } = server();
    const chat = await login(routes);
    const message = chat.createTextMessage(text('x'));
    await expect(chat.sendMessage(message)).rejects.toMatchObject({ code: 80001 });
    expect(message.status).toBe('fail');
    state.mode = 'store';
    await expect(chat.resendMessage(message)).resolves.toMatchObject({ data: { message } });
  });
});

describe('SDK8 the keeper', () => {
  const record = (ID: string, from = 'u') => ({
    ID,
    conversationID: 'C2Cv',
    conversationType: 'C2C',
    from,
    to: 'v',
    type: 'TIMTextElem',
    payload: { text: ID },
    cloudCustomData: '',
    priority: 'Normal',
    needReadReceipt: false,
    atUserList: [],
    nick: '',
    avatar: '',
    clientTime: 1,
    random: 1,
    clientSequence: 1,
    status: 'fail' as const,
    sentAt: 1,
    hasRiskContent: false,
  });

  it('SDK8 two tabs of one user keep each other’s records; removing one leaves the other', () => {
    const tabA = openKeeper(storage, 'u');
    const tabB = openKeeper(storage, 'u');
    tabA.put(record('a'));
    tabB.put(record('b'));
    expect(tabA.load().map((r) => r.ID)).toEqual(['a', 'b']);
    tabA.remove('u', 'a');
    expect(tabB.load().map((r) => r.ID)).toEqual(['b']);
    expect(openKeeper(storage, 'w').load()).toEqual([]);
  });

  it('SDK8 what is not a record of this user is ignored, never trusted', () => {
    storage.setItem('parley.outbox.v1.u', '{not json');
    expect(openKeeper(storage, 'u').load()).toEqual([]);
    storage.setItem(
      'parley.outbox.v1.u',
      JSON.stringify([record('ok'), record('other', 'w'), { ...record('bad'), payload: 'x' }, null, 7]),
    );
    expect(
      openKeeper(storage, 'u')
        .load()
        .map((r) => r.ID),
    ).toEqual(['ok']);
  });
});
