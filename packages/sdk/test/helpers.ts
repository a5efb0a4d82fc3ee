import TencentCloudChat, { type ChatSDK, type Timing } from '../src/index.ts';
import { fakeFetch } from './fake-fetch.ts';
import { FakeSocket } from './fake-socket.ts';

/** Short delays so reconnects, gap fetches and coalesced events happen within a unit test's patience. */
export const FAST: Partial<Timing> = {
  reconnectBaseMs: 5,
  reconnectCapMs: 20,
  coalesceMs: 1,
  gapGraceMs: 5,
  connectTimeoutMs: 200,
  sendTimeoutMs: 300,
};

const created: ChatSDK[] = [];
let nextAppID = 1000;

/** A fresh SDK instance on a fake server; destroyInstances() releases every one of them. */
export function newChat(overrides: Parameters<typeof fakeFetch>[0] = {}) {
  const server = fakeFetch(overrides);
  const chat = TencentCloudChat.create({
    SDKAppID: nextAppID++,
    serverURL: 'http://parley.test',
    fetch: server.fetch,
    WebSocket: FakeSocket,
    timing: FAST,
  });
  chat.setLogLevel(4);
  created.push(chat);
  return { chat, server };
}

export async function destroyInstances(): Promise<void> {
  await Promise.all(created.splice(0).map((chat) => chat.destroy()));
  FakeSocket.reset();
}

/** Resolves with the data of the next `name` event whose data matches; rejects after `ms`. */
export function nextEvent<T = unknown>(
  chat: ChatSDK,
  name: string,
  match: (data: T) => boolean = () => true,
  ms = 2000,
) {
  return new Promise<T>((resolve, reject) => {
    const handler = ({ data }: { data: unknown }) => {
      if (!match(data as T)) return;
      chat.off(name, handler);
      clearTimeout(timer);
      resolve(data as T);
    };
    const timer = setTimeout(() => {
      chat.off(name, handler);
      reject(new Error(`timed out waiting for ${name}`));
    }, ms);
    chat.on(name, handler);
  });
}

/** Records every emitted event name for the given events, in order. */
export function recordEvents(chat: ChatSDK, names: string[]) {
  const seen: { name: string; data: unknown }[] = [];
  for (const name of names) chat.on(name, (event) => seen.push(event));
  return seen;
}

/** Resolves once `condition()` holds, checking every millisecond; rejects after `ms`. */
export async function until(condition: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * Logs in and resolves once SDK_READY has been emitted: login() resolves first and SDK_READY follows in a later
 * task (CMP1), so a test that uses the SDK right after login waits for the event, as an application does.
 */
export async function loginReady(chat: ChatSDK, options: Parameters<ChatSDK['login']>[0]) {
  const ready = nextEvent(chat, TencentCloudChat.EVENT.SDK_READY);
  const result = await chat.login(options);
  await ready;
  return result;
}
