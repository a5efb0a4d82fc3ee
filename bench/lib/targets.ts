import http from 'node:http';
import type WebSocket from 'ws';
import { postJson, request } from './http.ts';
import { ADMIN_KEY, type ServerProcess } from './processes.ts';
import { openUntilHello } from './ws-open.ts';

/** How a benchmark case sends one message from a user. */
export interface Sender {
  send(to: string, id: string, text: string): void;
  close(): void;
}

/**
 * One system under test, seen the same way by every case. Parley sends over HTTP POST (its send
 * path) and pushes on its authenticated WebSocket; the bare relay sends and pushes as WS frames.
 */
export interface Target {
  readonly name: 'parley' | 'bareRelay';
  readonly server: ServerProcess;
  /** Send failures (non-2xx or network) since start. */
  errors: number;
  /** Opens `user`'s push socket; resolves when the server said hello (authenticated, subscribed). */
  connect(user: string): Promise<WebSocket>;
  /** The upgrade path (with credentials) of `user`'s push socket. */
  pushPath(user: string): string;
  sender(user: string): Promise<Sender>;
  /** The message ID if the frame delivers a message, else undefined. */
  deliveredID(frame: string): string | undefined;
  history(reader: string, peer: string): { path: string; headers: Record<string, string> };
  profile(user: string): { path: string; headers: Record<string, string> };
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Creates accounts and userSigs through the admin API, a few at a time. */
export async function createParleyUsers(port: number, users: readonly string[]): Promise<Map<string, string>> {
  const headers = { 'x-parley-admin-key': ADMIN_KEY };
  const sigs = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const userID = users[next++] as string;
      await postJson(port, '/admin/v1/accounts', headers, { userID });
      const r = (await postJson(port, '/admin/v1/usersig', headers, { userID })) as { userSig: string };
      sigs.set(userID, r.userSig);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return sigs;
}

export function parleyTarget(server: ServerProcess, sigs: Map<string, string>): Target {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const auth = (user: string) => ({ authorization: `Bearer ${sigs.get(user) ?? ''}` });
  const t: Target = {
    name: 'parley',
    server,
    errors: 0,
    pushPath: (user) => `/ws?userSig=${encodeURIComponent(sigs.get(user) ?? '')}`,
    connect: (user) => openUntilHello(`ws://127.0.0.1:${server.port}${t.pushPath(user)}`),
    async sender(user) {
      const headers = auth(user);
      return {
        send(to, id, text) {
          const body = JSON.stringify({ ID: id, conversationType: 'C2C', to, type: 'TIMTextElem', payload: { text } });
          request(server.port, 'POST', '/api/v1/messages', headers, body, agent).then(
            (r) => {
              if (r.status !== 200) t.errors += 1;
            },
            () => {
              t.errors += 1;
            },
          );
        },
        close: () => undefined,
      };
    },
    deliveredID(frame) {
      if (!frame.includes('"message.new"')) return undefined;
      return (JSON.parse(frame) as { event: { message: { ID: string } } }).event.message.ID;
    },
    history: (reader, peer) => ({
      path: `/api/v1/conversations/${encodeURIComponent(`C2C${peer}`)}/messages`,
      headers: auth(reader),
    }),
    profile: (user) => ({ path: '/api/v1/profile', headers: auth(user) }),
  };
  return t;
}

export function relayTarget(server: ServerProcess): Target {
  const pushPath = (user: string) => `/?user=${encodeURIComponent(user)}`;
  const url = (user: string) => `ws://127.0.0.1:${server.port}${pushPath(user)}`;
  return {
    name: 'bareRelay',
    server,
    errors: 0,
    pushPath,
    connect: (user) => openUntilHello(url(user)),
    async sender(user) {
      // A separate socket per sender, as a second device of the user would be.
      const ws = await openUntilHello(url(`${user}#send`));
      return {
        send: (to, id, text) => ws.send(JSON.stringify({ from: user, to, id, text })),
        close: () => ws.close(),
      };
    },
    deliveredID(frame) {
      return (JSON.parse(frame) as { id?: string }).id;
    },
    history: (reader, peer) => ({ path: `/history?c=${encodeURIComponent(pairKey(reader, peer))}`, headers: {} }),
    profile: () => ({ path: '/profile', headers: {} }),
  };
}
