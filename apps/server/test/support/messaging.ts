import type { SendMessage, WireConversation, WireMessage } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { type MakeAppOptions, bearer, createUser, makeApp, userSigFor } from './app.ts';
import { pgTestUrl, requireService } from './services.ts';
import { freshPostgres } from './storage.ts';

export interface Chat {
  app: FastifyInstance;
  sigs: Record<string, string>;
  send: (
    from: string,
    to: string,
    body?: Partial<SendMessage>,
  ) => Promise<{ status: number; json: Record<string, unknown> }>;
  get: (as: string, url: string) => Promise<{ status: number; json: Record<string, unknown> }>;
  post: (as: string, url: string, body?: unknown) => Promise<{ status: number; json: Record<string, unknown> }>;
  del: (as: string, url: string) => Promise<{ status: number; json: Record<string, unknown> }>;
  conversations: (as: string, since?: number) => Promise<{ conversationList: WireConversation[]; syncVersion: number }>;
  history: (
    as: string,
    conversationID: string,
    query?: string,
  ) => Promise<{ messageList: WireMessage[]; nextReqMessageID: string; isCompleted: boolean }>;
}

let counter = 0;
export const nextID = () => {
  counter += 1;
  return `m-${Date.now().toString(36)}-${counter}`;
};

/** A one-to-one text message to `to` under a new ID, as the domain's sendMessage takes it. */
export const textTo = (to: string, text: string): SendMessage => ({
  ID: nextID(),
  conversationType: 'C2C',
  to,
  type: 'TIMTextElem',
  payload: { text },
});

/** Storage kinds the messaging suites run on: SQLite always, PostgreSQL when present (mandatory in CI). */
export const pgUrl = await requireService('postgres', pgTestUrl(), 'postgres messaging tests');
export const KINDS: ('sqlite' | 'postgres')[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export async function makeChat(
  kind: 'sqlite' | 'postgres',
  users: string[],
  options: MakeAppOptions = {},
): Promise<Chat & { close: () => Promise<void> }> {
  let closeStorage = async () => {};
  const overrides = { ...options.overrides };
  if (kind === 'postgres' && pgUrl) {
    const pg = await freshPostgres(pgUrl);
    overrides.storage = pg.storage;
    closeStorage = pg.close;
  }
  const { app } = await makeApp({ ...options, overrides });
  const sigs: Record<string, string> = {};
  for (const u of users) {
    await createUser(app, { userID: u, profile: { nick: `${u}-nick` } });
    sigs[u] = await userSigFor(app, u);
  }
  const call = async (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', as: string, url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: bearer(sigs[as] ?? ''),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };
  const chat: Chat = {
    app,
    sigs,
    send: (from, to, body = {}) =>
      call('POST', from, '/api/v1/messages', {
        ID: nextID(),
        conversationType: 'C2C',
        to,
        type: 'TIMTextElem',
        payload: { text: 'hello' },
        ...body,
      }),
    get: (as, url) => call('GET', as, url),
    post: (as, url, body = {}) => call('POST', as, url, body),
    del: (as, url) => call('DELETE', as, url),
    conversations: async (as, since = 0) =>
      (await call('GET', as, `/api/v1/conversations?since=${since}`)).json as never,
    history: async (as, id, query = '') =>
      (await call('GET', as, `/api/v1/conversations/${id}/messages${query}`)).json as never,
  };
  return {
    ...chat,
    close: async () => {
      await app.close();
      await closeStorage();
    },
  };
}
