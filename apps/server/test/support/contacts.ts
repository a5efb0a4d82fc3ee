import { CONTACT_ROUTES, type Friend, type FriendApplicationList } from '@parley/protocol';
import type { BuildOverrides } from '../../src/app/build-app.ts';
import { type GroupChat, makeGroupChat } from './groups.ts';
import { type OpenSocket, openSocket } from './ws.ts';

export const C = CONTACT_ROUTES;

export interface ContactChat extends GroupChat {
  friends: (as: string) => Promise<string[]>;
  applications: (as: string) => Promise<FriendApplicationList>;
  befriend: (a: string, b: string) => Promise<void>;
  /** Listens on a port so push sockets can connect. */
  connect: (as: string) => Promise<OpenSocket>;
}

const eventType = (f: Record<string, unknown>) => (f.event as { type?: string } | undefined)?.type;
export const isEvent = (type: string) => (f: Record<string, unknown>) => eventType(f) === type;

export async function makeContactChat(
  kind: 'sqlite' | 'postgres',
  users: string[],
  env: Record<string, string> = {},
  overrides: BuildOverrides = {},
): Promise<ContactChat> {
  const chat = await makeGroupChat(kind, users, { PARLEY_PRESENCE_GRACE_MS: '0', ...env }, overrides);
  let address: string | undefined;
  const friends = async (as: string) =>
    ((await chat.call(as, 'GET', C.friends)).json.friendList as Friend[]).map((f) => f.userID);
  const applications = async (as: string) =>
    (await chat.call(as, 'GET', C.applications)).json as unknown as FriendApplicationList;
  const befriend = async (a: string, b: string) => {
    const res = await chat.call(a, 'POST', C.friends, { to: b, source: 'AddSource_Type_Web' });
    if (res.status !== 200 || res.json.code !== 0) throw new Error(`befriend: ${JSON.stringify(res.json)}`);
  };
  const connect = async (as: string) => {
    address ??= await chat.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await openSocket(
      `${address.replace('http', 'ws')}/ws?userSig=${encodeURIComponent(chat.sigs[as] ?? '')}`,
    );
    await s.next((f) => f.type === 'hello');
    return s;
  };
  return { ...chat, friends, applications, befriend, connect };
}
