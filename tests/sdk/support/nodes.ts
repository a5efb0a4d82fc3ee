import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_KEY_HEADER, type Profile, ROUTES } from '@parley/protocol';
import { buildApp, loadConfig } from '../../../apps/server/src/index.ts';
import { createRedisBus } from '../../../apps/server/src/fanout/redis-bus.ts';
import { openStorage } from '../../../apps/server/src/storage/open-storage.ts';
import { dropSchema, freshPostgres } from '../../../apps/server/test/support/storage.ts';
import type { TestServer } from './test-server.ts';

const SECRET = 'x'.repeat(32);
const ADMIN_KEY = 'a'.repeat(32);

/**
 * Several server nodes in-process, as a deployment runs them: one PostgreSQL schema and one Redis bus (a key prefix
 * of their own) shared, each node its own pool, bus connection and timers. Each node is a TestServer for the SDK
 * helpers; `close` stops every node still running and drops the schema.
 */
export async function startNodes(pgUrl: string, redisUrl: string, count: number, env: Record<string, string> = {}) {
  const keyPrefix = `t${randomBytes(4).toString('hex')}:`;
  const shared = await freshPostgres(pgUrl);
  const nodes: (TestServer & { stopped: boolean })[] = [];
  for (let i = 0; i < count; i += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-node-'));
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
    const storage =
      i === 0
        ? shared.storage
        : await openStorage({ kind: 'postgres', url: pgUrl, schema: shared.schema, poolSize: 4 });
    const bus = await createRedisBus(redisUrl, { keyPrefix });
    const app = await buildApp(config, { storage, bus });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await app.inject({
        method: 'POST',
        url: path,
        headers: { [ADMIN_KEY_HEADER]: ADMIN_KEY },
        payload: body as object,
      });
      if (res.statusCode >= 300) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res.json<T>();
    };
    const node = {
      stopped: false,
      app,
      url,
      createUser: (userID: string, nick = `${userID}-nick`) =>
        admin<Profile>(ROUTES.adminAccounts, { userID, profile: { nick } }),
      userSig: async (userID: string) => (await admin<{ userSig: string }>(ROUTES.adminUserSig, { userID })).userSig,
      advanceClock: () => {
        throw new Error('the nodes run on the real clock');
      },
      dropConnections: () => 0,
      close: async () => {
        if (node.stopped) return;
        node.stopped = true;
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    nodes.push(node);
  }
  return {
    nodes,
    close: async () => {
      for (const node of nodes) await node.close();
      await dropSchema(pgUrl, shared.schema);
    },
  };
}
