import { randomBytes } from 'node:crypto';
import { ADMIN_CONSOLE_ROUTES as R, ADMIN_SESSION_COOKIE, ERRORS } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount } from '../src/domain/admin-console/console.ts';
import { adminConsoleFor } from '../src/storage/admin-console.ts';
import { openStorage } from '../src/storage/open-storage.ts';
import { bearer, cleanupApps, createUser, makeApp, userSigFor, within } from './support/app.ts';
import { pgUrl } from './support/messaging.ts';
import { redisTestUrl, requireService } from './support/services.ts';
import { dropSchema, freshPostgres } from './support/storage.ts';

const redisUrl = await requireService('redis', redisTestUrl(), 'the word list shared by two nodes');
const ready = Boolean(pgUrl && redisUrl);
const PASSWORD = 'console-pass-1';
const WORD = `禁词${randomBytes(3).toString('hex')}`;

/** Two nodes as a deployment runs them: one PostgreSQL schema, one Redis (decision 0045). */
async function twoNodes() {
  const shared = await freshPostgres(pgUrl as string);
  const env = { REDIS_URL: redisUrl as string, PARLEY_REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:` };
  const { app: a } = await makeApp({ env, overrides: { storage: shared.storage } });
  const storageB = await openStorage({ kind: 'postgres', url: pgUrl as string, schema: shared.schema, poolSize: 4 });
  const { app: b } = await makeApp({ env, overrides: { storage: storageB } });
  return {
    a,
    b,
    schema: shared.schema,
    close: async () => {
      await cleanupApps();
      await dropSchema(pgUrl as string, shared.schema);
    },
  };
}

/** Resolves once `check` holds, polling; the caller bounds it with `within`. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

const send = (node: FastifyInstance, sig: string, text: string) =>
  node.inject({
    method: 'POST',
    url: '/api/v1/messages',
    headers: bearer(sig),
    payload: {
      ID: `w-${randomBytes(6).toString('hex')}`,
      conversationType: 'C2C',
      to: 'bob',
      type: 'TIMTextElem',
      payload: { text },
    },
  });

describe.skipIf(!ready)('the prohibited-word list, live on every node (ADM30, ADM31)', () => {
  let nodes: Awaited<ReturnType<typeof twoNodes>>;
  beforeAll(async () => {
    nodes = await twoNodes();
    const store = adminConsoleFor(nodes.a.parley.domain.storage);
    if (!store) throw new Error('no console store');
    await createAdminAccount(
      { d: nodes.a.parley.domain, store },
      { name: 'mod', role: 'moderator', password: PASSWORD },
      'cli',
    );
    await createUser(nodes.a, { userID: 'alice' });
    await createUser(nodes.a, { userID: 'bob' });
  });
  afterAll(() => nodes?.close());

  it('ADM30 a word a moderator adds on node A is refused on node B without a restart, and allowed again once removed', async () => {
    const { a, b } = nodes;
    const sig = await userSigFor(b, 'alice');
    expect((await send(b, sig, `说 ${WORD}`)).statusCode).toBe(200);
    // ADM31: the file's list seeded the database; the console sees it and edits on top of it.
    const login = await a.inject({ method: 'POST', url: R.login, payload: { name: 'mod', password: PASSWORD } });
    const cookie = login.cookies.find((k) => k.name === ADMIN_SESSION_COOKIE)?.value ?? '';
    const cookies = { [ADMIN_SESSION_COOKIE]: cookie };
    const seeded = (await a.inject({ method: 'GET', url: R.words, cookies })).json<{ words: string[] }>().words;
    expect(seeded.length).toBeGreaterThan(0);
    const put = (words: string[]) => a.inject({ method: 'PUT', url: R.words, cookies, payload: { words } });
    expect((await put([...seeded, WORD])).statusCode).toBe(200);
    await within(
      until(() => b.parley.domain.contentFilter.blocks(WORD)),
      20_000,
      'node B to take the new word',
    );
    const refused = await send(b, sig, `说 ${WORD}`);
    expect([refused.statusCode, refused.json().code]).toEqual([
      ERRORS.PROHIBITED_CONTENT.httpStatus,
      ERRORS.PROHIBITED_CONTENT.code,
    ]);
    expect((await put(seeded)).statusCode).toBe(200);
    await within(
      until(() => !b.parley.domain.contentFilter.blocks(WORD)),
      20_000,
      'node B to drop the word',
    );
    expect((await send(b, sig, `说 ${WORD}`)).statusCode).toBe(200);
  });

  it('ADM35 the live page of either node lists both nodes with their sockets and message counters', async () => {
    const { a, b } = nodes;
    const login = await b.inject({ method: 'POST', url: R.login, payload: { name: 'mod', password: PASSWORD } });
    const cookies = { [ADMIN_SESSION_COOKIE]: login.cookies.find((k) => k.name === ADMIN_SESSION_COOKIE)?.value ?? '' };
    const liveOf = async (node: FastifyInstance) =>
      (await node.inject({ method: 'GET', url: R.live, cookies })).json<{
        nodes: { node: string; accepted: number }[];
      }>();
    let seen = await liveOf(b);
    await within(
      (async () => {
        while (seen.nodes.length < 2) {
          await new Promise((r) => setTimeout(r, 100));
          seen = await liveOf(b);
        }
      })(),
      30_000,
      'both nodes on the live page',
    );
    expect(seen.nodes).toHaveLength(2);
    expect(seen.nodes.every((n) => Number.isInteger(n.accepted))).toBe(true);
    expect((await a.inject({ method: 'GET', url: R.live })).statusCode).toBe(401);
  });

  it('ADM31 a node started later takes the stored list, not the file', async () => {
    const storageC = await openStorage({
      kind: 'postgres',
      url: pgUrl as string,
      schema: nodes.schema,
      poolSize: 2,
    });
    const store = adminConsoleFor(storageC);
    await store?.setWords(['只在库里'], Date.now());
    const { app: c } = await makeApp({ env: { REDIS_URL: redisUrl as string }, overrides: { storage: storageC } });
    expect(c.parley.domain.contentFilter.blocks('只在库里')).toBe(true);
  });
});
