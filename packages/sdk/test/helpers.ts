import TencentCloudChat, { type ChatSDK } from '../src/index.ts';
import { fakeFetch } from './fake-fetch.ts';

const created: ChatSDK[] = [];
let nextAppID = 1000;

/** A fresh SDK instance on a fake server; destroyInstances() releases every one of them. */
export function newChat(overrides: Parameters<typeof fakeFetch>[0] = {}) {
  const server = fakeFetch(overrides);
  const chat = TencentCloudChat.create({ SDKAppID: nextAppID++, serverURL: 'http://parley.test', fetch: server.fetch });
  chat.setLogLevel(4);
  created.push(chat);
  return { chat, server };
}

export async function destroyInstances(): Promise<void> {
  await Promise.all(created.splice(0).map((chat) => chat.destroy()));
}

/** Records every emitted event name for the given events, in order. */
export function recordEvents(chat: ChatSDK, names: string[]) {
  const seen: { name: string; data: unknown }[] = [];
  for (const name of names) chat.on(name, (event) => seen.push(event));
  return seen;
}
