import TencentCloudChat, {
  type ChatSDK,
  type FetchLike,
  type Message,
  type Timing,
  type WebSocketConstructor,
} from '@parley/chat';
import WebSocket from 'ws';
import type { TestServer } from './test-server.ts';

const { EVENT } = TencentCloudChat;

/** Fast timings so reconnects and coalesced events happen within a test's patience, not a user's. */
export const TEST_TIMING: Partial<Timing> = {
  reconnectBaseMs: 40,
  reconnectCapMs: 400,
  coalesceMs: 10,
  gapGraceMs: 40,
  connectTimeoutMs: 5_000,
};

export interface Recorded {
  name: string;
  data: unknown;
}

export interface TestClient {
  chat: ChatSDK;
  userID: string;
  events: Recorded[];
  /** Every message delivered by MESSAGE_RECEIVED, in delivery order. */
  received: () => Message[];
  /**
   * Resolves with the data of the first event `name` after position `from` (default: any so far) whose data
   * matches; rejects after `ms`. Tests wait for events, never for fixed times.
   */
  waitFor: <T = unknown>(
    name: string,
    match?: (data: T) => boolean,
    options?: { from?: number; ms?: number },
  ) => Promise<T>;
  /** The current position in the event log, to wait for events after it. */
  mark: () => number;
}

let nextAppID = 50_000;
const everyClient: ChatSDK[] = [];

const WATCHED = [
  EVENT.SDK_READY,
  EVENT.SDK_NOT_READY,
  EVENT.KICKED_OUT,
  EVENT.NET_STATE_CHANGE,
  EVENT.MESSAGE_RECEIVED,
  EVENT.MESSAGE_READ_BY_PEER,
  EVENT.CONVERSATION_LIST_UPDATED,
  EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED,
  EVENT.PROFILE_UPDATED,
  EVENT.GROUP_LIST_UPDATED,
  EVENT.GROUP_ATTRIBUTES_UPDATED,
  EVENT.MESSAGE_READ_RECEIPT_RECEIVED,
  // Message actions (decision 0015)
  EVENT.MESSAGE_MODIFIED,
  EVENT.MESSAGE_REVOKED,
  EVENT.MESSAGE_REACTIONS_UPDATED,
  // Contacts (decision 0017)
  EVENT.FRIEND_LIST_UPDATED,
  EVENT.FRIEND_APPLICATION_LIST_UPDATED,
  EVENT.FRIEND_GROUP_LIST_UPDATED,
  EVENT.BLACKLIST_UPDATED,
  EVENT.USER_STATUS_UPDATED,
  // Pinned group messages (decision 0041)
  EVENT.PINNED_GROUP_MESSAGE_UPDATED,
  // Conversation groups (decision 0049)
  EVENT.CONVERSATION_GROUP_LIST_UPDATED,
  EVENT.CONVERSATION_IN_GROUP_UPDATED,
];

export interface ClientOptions {
  timing?: Partial<Timing>;
  fetch?: FetchLike;
  WebSocket?: WebSocketConstructor;
}

/** A new SDK instance (its own SDKAppID, so the singleton never hands back another test's) on the test server. */
export function newClient(server: TestServer, options: ClientOptions = {}): TestClient {
  const chat = TencentCloudChat.create({
    SDKAppID: nextAppID++,
    serverURL: server.url,
    WebSocket: options.WebSocket ?? WebSocket,
    timing: options.timing ?? TEST_TIMING,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  chat.setLogLevel(Number(process.env.PARLEY_SDK_LOG_LEVEL ?? 4));
  everyClient.push(chat);
  const events: Recorded[] = [];
  const waiters = new Set<{ check: (e: Recorded) => boolean }>();
  for (const name of WATCHED) {
    chat.on(name, ({ data }) => {
      const event = { name, data };
      events.push(event);
      for (const w of [...waiters]) if (w.check(event)) waiters.delete(w);
    });
  }
  const client: TestClient = {
    chat,
    userID: '',
    events,
    received: () => events.filter((e) => e.name === EVENT.MESSAGE_RECEIVED).flatMap((e) => e.data as Message[]),
    mark: () => events.length,
    waitFor: <T>(
      name: string,
      match: (data: T) => boolean = () => true,
      options: { from?: number; ms?: number } = {},
    ) => {
      const { from = 0, ms = 5_000 } = options;
      const hit = (e: Recorded) => e.name === name && match(e.data as T);
      const seen = events.slice(from).find(hit);
      if (seen) return Promise.resolve(seen.data as T);
      return new Promise<T>((resolve, reject) => {
        const waiter = {
          check: (e: Recorded) => {
            if (!hit(e)) return false;
            clearTimeout(timer);
            resolve(e.data as T);
            return true;
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`timed out after ${ms} ms waiting for ${name}`));
        }, ms);
        waiters.add(waiter);
      });
    },
  };
  return client;
}

/** A client logged in as `userID`; resolves after SDK_READY. */
export async function loggedIn(server: TestServer, userID: string, options: ClientOptions = {}): Promise<TestClient> {
  const client = newClient(server, options);
  client.userID = userID;
  await client.chat.login({ userID, userSig: await server.userSig(userID) });
  await client.waitFor(EVENT.SDK_READY);
  return client;
}

/** Destroys every SDK instance created so far (closing sockets before the server goes). */
export async function destroyClients(): Promise<void> {
  await Promise.all(everyClient.splice(0).map((chat) => chat.destroy()));
}

/** Sends a text message from `client` to `to` and resolves with the stored message. */
export async function sendText(client: TestClient, to: string, text: string): Promise<Message> {
  const message = client.chat.createTextMessage({ to, conversationType: 'C2C', payload: { text } });
  const { data } = await client.chat.sendMessage(message);
  return data.message;
}

/** Texts of delivered messages, for order assertions. */
export const texts = (messages: Message[]) => messages.map((m) => String(m.payload.text));

/**
 * A switchable network for one client: while `offline`, its HTTP requests fail like a dead link and its
 * WebSocket connects to a closed port. `failures` counts refused requests so a test can wait for an attempt.
 */
export function networkGate() {
  const gate = {
    offline: false,
    failures: [] as string[],
    fetch: (async (input, init) => {
      if (gate.offline) {
        gate.failures.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        for (const w of [...waiters]) w();
        throw new TypeError('fetch failed');
      }
      return globalThis.fetch(input, init);
    }) as FetchLike,
    WebSocket: class GatedWebSocket extends WebSocket {
      constructor(url: string) {
        super(gate.offline ? 'ws://127.0.0.1:9/ws' : url);
      }
    } as WebSocketConstructor,
    /** Resolves once a request matching `what` (e.g. 'POST /api/v1/messages') has been refused. */
    refused: (what: string, ms = 5_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!gate.failures.includes(what)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for a refused ${what}`));
        }, ms);
        waiters.add(check);
        check();
      }),
  };
  const waiters = new Set<() => void>();
  return gate;
}
