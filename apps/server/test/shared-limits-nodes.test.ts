import { randomBytes } from 'node:crypto';
import { DRAFT_ROUTES, GROUP_ROUTES, ROUTES } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/storage/open-storage.ts';
import { bearer, cleanupApps, createUser, makeApp, userSigFor, within } from './support/app.ts';
import { pgUrl } from './support/messaging.ts';
import { redisTestUrl, requireService } from './support/services.ts';
import { dropSchema, freshPostgres } from './support/storage.ts';
import { type OpenSocket, openSocket } from './support/ws.ts';

const redisUrl = await requireService('redis', redisTestUrl(), 'limits shared by two nodes');
const ready = Boolean(pgUrl && redisUrl);

/**
 * Two nodes as a deployment runs them (decision 0045): one PostgreSQL schema, one Redis, a key prefix of their own.
 * Both read one frozen clock, so no budget refills while the test runs, however slow the machine.
 */
async function twoNodes(env: Record<string, string>) {
  const shared = await freshPostgres(pgUrl as string);
  const now = Date.now();
  const clock = { now: () => now };
  const nodeEnv = { REDIS_URL: redisUrl as string, PARLEY_REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:`, ...env };
  const { app: a } = await makeApp({ env: nodeEnv, overrides: { storage: shared.storage, clock } });
  const storageB = await openStorage({ kind: 'postgres', url: pgUrl as string, schema: shared.schema, poolSize: 4 });
  const { app: b } = await makeApp({ env: nodeEnv, overrides: { storage: storageB, clock } });
  return {
    a,
    b,
    close: async () => {
      await cleanupApps();
      await dropSchema(pgUrl as string, shared.schema);
    },
  };
}

type Request = (node: FastifyInstance, sig: string, n: number) => Promise<number>;
const inject =
  (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: (n: number) => object): Request =>
  async (node, sig, n) =>
    (await node.inject({ method, url, headers: bearer(sig), payload: payload(n) })).statusCode;

// Each action with a rate of 1 per second (burst 2); look-ups 50 IDs a second (burst 100) asked 50 at a time.
const CASES: [string, Request][] = [
  [
    'LIM5 sends',
    inject('POST', '/api/v1/messages', (n) => ({
      ID: `shr-${n}-${randomBytes(4).toString('hex')}`,
      conversationType: 'C2C',
      to: 'peer',
      type: 'TIMTextElem',
      payload: { text: `m${n}` },
    })),
  ],
  [
    'LIM6 typing (drafts)',
    inject('PUT', DRAFT_ROUTES.draft.replace(':conversationID', 'C2Cpeer'), (n) => ({ draftText: `d${n}` })),
  ],
  ['LIM7 profile edits', inject('PATCH', ROUTES.myProfile, (n) => ({ nick: `n${n}` }))],
  [
    'LIM8 profile look-ups',
    inject('POST', ROUTES.profiles, () => ({ userIDList: Array.from({ length: 50 }, (_, i) => `probe${i}`) })),
  ],
  ['ABU20 group writes', inject('POST', GROUP_ROUTES.groups, (n) => ({ name: `g${n}` }))],
];

describe.skipIf(!ready)('per-user budgets shared by two nodes', () => {
  let nodes: Awaited<ReturnType<typeof twoNodes>>;
  beforeAll(async () => {
    nodes = await twoNodes({
      PARLEY_RATE_SENDS: '1',
      PARLEY_RATE_TYPING: '1',
      PARLEY_RATE_PROFILE_EDITS: '1',
      PARLEY_RATE_PROFILE_LOOKUPS: '50',
      PARLEY_RATE_GROUP_WRITES: '1',
    });
    await createUser(nodes.a, { userID: 'peer' });
  });
  afterAll(() => nodes?.close());

  it.each(CASES)(
    'SHR1 %s through node A and node B alternately stop at one budget, not one per node',
    async (_name, request) => {
      const user = `u${randomBytes(4).toString('hex')}`;
      await createUser(nodes.a, { userID: user });
      const sig = await userSigFor(nodes.a, user);
      const statuses = [
        await request(nodes.a, sig, 1),
        await request(nodes.b, sig, 2),
        await request(nodes.a, sig, 3),
        await request(nodes.b, sig, 4),
      ];
      expect(statuses.map((s) => s === 429)).toEqual([false, false, true, true]);
      expect(statuses.slice(0, 2).every((s) => s < 300)).toBe(true);
      // Another user's budget is their own.
      const other = `o${randomBytes(4).toString('hex')}`;
      await createUser(nodes.b, { userID: other });
      expect(await request(nodes.b, await userSigFor(nodes.b, other), 5)).not.toBe(429);
    },
  );
});

describe.skipIf(!ready)('send frames on two nodes', () => {
  it('SHR1 WS8 HTTP sends through node A and send frames on node B take from one budget', async () => {
    const { a, b, close } = await twoNodes({ PARLEY_RATE_SENDS: '1' });
    try {
      await createUser(a, { userID: 'peer' });
      await createUser(a, { userID: 'frm' });
      const sig = await userSigFor(a, 'frm');
      const send = inject('POST', '/api/v1/messages', (n) => ({
        ID: `frm-${n}`,
        conversationType: 'C2C',
        to: 'peer',
        type: 'TIMTextElem',
        payload: { text: `m${n}` },
      }));
      expect(await send(a, sig, 1)).toBe(200);
      expect(await send(a, sig, 2)).toBe(200);
      const url = `${(await b.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws?userSig=${encodeURIComponent(sig)}`;
      const s = await openSocket(url);
      await s.next((f) => f.type === 'hello', 30_000);
      s.ws.send(
        JSON.stringify({
          type: 'send',
          ref: 'r3',
          message: { ID: 'frm-3', conversationType: 'C2C', to: 'peer', type: 'TIMTextElem', payload: { text: 'm3' } },
        }),
      );
      const ack = await s.next((f) => f.type === 'ack' && f.ref === 'r3', 30_000);
      expect(ack.error).toMatchObject({ code: 60007 });
    } finally {
      await close();
    }
  });
});

describe.skipIf(!ready)('push sockets per user on two nodes', () => {
  it('SHR6 SHR8 PARLEY_WS_MAX_PER_USER counts the sockets on every node; a node that stops gives its slots back', async () => {
    const { a, b, close } = await twoNodes({ PARLEY_WS_MAX_PER_USER: '2', PARLEY_PRESENCE_GRACE_MS: '0' });
    try {
      await createUser(a, { userID: 'sox' });
      const sig = encodeURIComponent(await userSigFor(a, 'sox'));
      const urlA = `${(await a.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws?userSig=${sig}`;
      const urlB = `${(await b.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws?userSig=${sig}`;
      const outcome = async (url: string): Promise<{ s: OpenSocket; result: string | number }> => {
        const s = await openSocket(url);
        const result = await within(
          Promise.race([s.next((f) => f.type === 'hello', 30_000).then(() => 'hello'), s.closed]),
          30_000,
          'hello or a close',
        );
        return { s, result };
      };
      expect((await outcome(urlA)).result).toBe('hello');
      const onB = await outcome(urlB);
      expect(onB.result).toBe('hello');
      expect((await outcome(urlA)).result).toBe(4029);
      expect((await outcome(urlB)).result).toBe(4029);
      // Node A stops: its socket's slot is free at once, and only that one.
      await a.close();
      expect((await outcome(urlB)).result).toBe('hello');
      expect((await outcome(urlB)).result).toBe(4029);
      onB.s.ws.close();
      await onB.s.closed;
      await expect.poll(async () => (await outcome(urlB)).result, { timeout: 30_000 }).toBe('hello');
    } finally {
      await close();
    }
  });
});
