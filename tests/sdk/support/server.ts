import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_KEY_HEADER, type Profile, ROUTES } from '@parley/protocol';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type BuildOverrides, buildApp, loadConfig } from '../../../apps/server/src/index.ts';
import { pgTestUrl, requireService } from '../../../apps/server/test/support/services.ts';
import type { Storage } from '../../../apps/server/src/domain/ports.ts';
import { openStorage } from '../../../apps/server/src/storage/open-storage.ts';
import { freshPostgres } from '../../../apps/server/test/support/storage.ts';
import { destroyClients } from './client.ts';
import type { TestServer } from './test-server.ts';

export type Backend = 'sqlite' | 'postgres';

const SECRET = 'x'.repeat(32);
const ADMIN_KEY = 'a'.repeat(32);

/** SQLite always; PostgreSQL when it answers (required in CI, where a missing service fails the run). */
export const pgUrl = await requireService('postgres', pgTestUrl(), 'sdk postgres tests');
export const BACKENDS: Backend[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export type { TestServer };

/**
 * The real server, in-process, on a port of its own, with a fresh SQLite file or PostgreSQL schema.
 * `wrapStorage` lets a test put itself between the server and its database (to hold a request in flight).
 */
export async function startServer(
  backend: Backend,
  wrapStorage?: (storage: Storage) => Storage,
  /** More server variables (a test of something else than the per-user limits turns them off). */
  env: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-sdk-'));
  const config = loadConfig(
    {
      PARLEY_DATA_DIR: dataDir,
      PARLEY_SECRET: SECRET,
      PARLEY_ADMIN_KEY: ADMIN_KEY,
      PARLEY_LOG_LEVEL: process.env.SDK_SERVER_LOG ?? 'silent',
      PARLEY_DEMO: '0',
      ...env,
    },
    dataDir,
  );
  let skewMs = 0;
  const overrides: BuildOverrides = { clock: { now: () => Date.now() + skewMs } };
  let closeStorage = async () => {};
  if (backend === 'postgres') {
    if (!pgUrl) throw new Error('PostgreSQL is not available');
    const pg = await freshPostgres(pgUrl);
    overrides.storage = pg.storage;
    closeStorage = pg.close;
  } else if (wrapStorage && config.database.kind === 'sqlite') {
    overrides.storage = await openStorage(config.database);
  }
  if (wrapStorage && overrides.storage) overrides.storage = wrapStorage(overrides.storage);
  const app = await buildApp(config, overrides);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = async <T>(path: string, body: unknown, status: number): Promise<T> => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: { [ADMIN_KEY_HEADER]: ADMIN_KEY },
      payload: body as object,
    });
    if (res.statusCode !== status) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  return {
    app,
    url,
    createUser: (userID, nick = `${userID}-nick`) =>
      admin<Profile>(ROUTES.adminAccounts, { userID, profile: { nick } }, 201),
    userSig: async (userID, expire) =>
      (await admin<{ userSig: string }>(ROUTES.adminUserSig, expire ? { userID, expire } : { userID }, 200)).userSig,
    advanceClock: (ms) => {
      skewMs += ms;
    },
    dropConnections: () => {
      let n = 0;
      for (const client of app.websocketServer.clients) {
        client.terminate();
        n += 1;
      }
      return n;
    },
    close: async () => {
      await app.close();
      await closeStorage();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;

/** Creates users with names unique to this run (`amy` → `amy7`), so tests sharing a server never meet. */
export async function makeUsers(server: TestServer, ...names: string[]): Promise<string[]> {
  userCounter += 1;
  const ids = names.map((name) => `${name}${userCounter}`);
  for (const id of ids) await server.createUser(id, `${id}-nick`);
  return ids;
}

/**
 * The suite-level server every SDK suite uses: started before its tests, clients destroyed after each test,
 * closed after the suite. The returned object forwards to the running server.
 */
export function useServer(backend: Backend): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startServer(backend);
  });
  afterEach(destroyClients);
  afterAll(async () => {
    await destroyClients();
    await current?.close();
  });
  return new Proxy({} as TestServer, {
    get: (_target, prop) => {
      if (!current) throw new Error('the test server has not started');
      return Reflect.get(current, prop);
    },
  });
}
