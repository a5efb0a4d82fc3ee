import http from 'node:http';
import type WebSocket from 'ws';
import { postJson, request } from './http.ts';
import { ADMIN_KEY, type ServerProcess } from './processes.ts';
import { bytes, stringAt } from './frames.ts';
import { openUntilHello } from './ws-open.ts';

/** How a benchmark case sends one message from a user. */
export interface Sender {
  send(to: string, id: string, text: string): void;
  close(): void;
}

/**
 * One system under test, seen the same way by every case. Parley sends `send` frames on the sender's
 * authenticated WebSocket (or HTTP POST, for comparison) and pushes on the receiver's; the bare relay
 * sends and pushes as WS frames.
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
  deliveredID(frame: Buffer): string | undefined;
  history(reader: string, peer: string): { path: string; headers: Record<string, string> };
  profile(user: string): { path: string; headers: Record<string, string> };
  /** The same Parley server sending the other way (WebSocket frames or HTTP POST), for same-run comparisons. */
  variant?: (sendPath: ParleySendPath) => Target;
}

const ACK = bytes('{"type":"ack"');
const ERROR = bytes('"error":');
const MESSAGE_NEW = bytes('"message.new"');
const MESSAGE = bytes('"message":{');
const ID = bytes('"ID":"');
const RELAY_ID = bytes('"id":"');

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

/** How the Parley target sends: `send` frames on the sender's own socket (the SDK's path), or HTTP POST. */
export type ParleySendPath = 'ws' | 'http';

/** A sender on its own push socket (as a second device of the user): `send` frames, acks counted for errors. */
async function frameSender(t: Target, user: string): Promise<Sender> {
  const ws = await t.connect(user);
  ws.on('message', (data: Buffer) => {
    if (data.indexOf(ACK) === 0 && data.indexOf(ERROR) > 0) t.errors += 1;
  });
  return {
    send(to, id, text) {
      const message = { ID: id, conversationType: 'C2C', to, type: 'TIMTextElem', payload: { text } };
      ws.send(JSON.stringify({ type: 'send', ref: id, message }));
    },
    close: () => ws.close(),
  };
}

export function parleyTarget(
  server: ServerProcess,
  sigs: Map<string, string>,
  sendPath: ParleySendPath = 'ws',
): Target {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const auth = (user: string) => ({ authorization: `Bearer ${sigs.get(user) ?? ''}` });
  const t: Target = {
    name: 'parley',
    server,
    errors: 0,
    pushPath: (user) => `/ws?userSig=${encodeURIComponent(sigs.get(user) ?? '')}`,
    connect: (user) => openUntilHello(`ws://127.0.0.1:${server.port}${t.pushPath(user)}`),
    async sender(user) {
      if (sendPath === 'ws') return frameSender(t, user);
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
      const at = frame.indexOf(MESSAGE_NEW);
      if (at < 0) return undefined;
      const message = frame.indexOf(MESSAGE, at);
      return (
        (message < 0 ? undefined : stringAt(frame, ID, message)) ??
        (JSON.parse(String(frame)) as { event: { message: { ID: string } } }).event.message.ID
      );
    },
    history: (reader, peer) => ({
      path: `/api/v1/conversations/${encodeURIComponent(`C2C${peer}`)}/messages`,
      headers: auth(reader),
    }),
    profile: (user) => ({ path: '/api/v1/profile', headers: auth(user) }),
    variant: (other) => parleyTarget(server, sigs, other),
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
      return stringAt(frame, RELAY_ID) ?? (JSON.parse(String(frame)) as { id?: string }).id;
    },
    history: (reader, peer) => ({ path: `/history?c=${encodeURIComponent(pairKey(reader, peer))}`, headers: {} }),
    profile: () => ({ path: '/profile', headers: {} }),
  };
}
