import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createServer, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SharedLimits } from '../src/domain/limits/ports.ts';
import { createMemoryLimits } from '../src/limits/memory-limits.ts';
import { createRedisLimits } from '../src/limits/redis-limits.ts';
import { within } from './support/app.ts';
import { REPO_ROOT } from './support/process.ts';
import { redisTestUrl, requireService } from './support/services.ts';
import { sharedLimitsContract } from './shared-limits-contract.ts';

const redisUrl = await requireService('redis', redisTestUrl(), 'shared limits on Redis');
const prefix = () => `t${randomBytes(4).toString('hex')}:`;

describe('shared limits in memory (one node)', () => {
  let l: SharedLimits | undefined;
  sharedLimitsContract(
    async (clock) => {
      l = createMemoryLimits(clock);
      return l;
    },
    async () => l?.close(),
  );
});

describe.skipIf(!redisUrl)('shared limits in Redis', () => {
  const opened: SharedLimits[] = [];
  afterEach(async () => {
    for (const l of opened.splice(0)) await l.close();
  });
  const open = async (clock: { now: () => number }, keyPrefix: string, nodeTtlMs?: number) => {
    const l = await createRedisLimits(redisUrl as string, clock, { keyPrefix, ...(nodeTtlMs ? { nodeTtlMs } : {}) });
    opened.push(l);
    return l;
  };

  describe('contract', () => {
    sharedLimitsContract(
      (clock) => open(clock, prefix()),
      async () => undefined,
    );
  });

  it('SHR2 two nodes on one prefix take from one bucket; another prefix is another deployment', async () => {
    const p = prefix();
    const clock = { now: () => 5_000 };
    const [a, b, other] = [await open(clock, p), await open(clock, p), await open(clock, prefix())];
    const shape = { ratePerSecond: 1, burst: 2 };
    const waits = [
      await a.budgets.take('send:amy', shape, 1),
      await b.budgets.take('send:amy', shape, 1),
      await a.budgets.take('send:amy', shape, 1),
      await b.budgets.take('send:amy', shape, 1),
    ];
    expect(waits.map((w) => w > 0)).toEqual([false, false, true, true]);
    expect(await other.budgets.take('send:amy', shape, 1)).toBe(0);
  });

  it('SHR4 a node whose clock lags does not refill a bucket a node ahead of it spent', async () => {
    const p = prefix();
    const a = await open({ now: () => 10_000 }, p);
    const b = await open({ now: () => 7_000 }, p);
    const shape = { ratePerSecond: 1, burst: 2 };
    expect(await a.budgets.take('typing:amy', shape, 2)).toBe(0);
    expect(await b.budgets.take('typing:amy', shape, 1)).toBeGreaterThan(0);
  });

  it('SHR7 two nodes on one prefix hold one set of slots per user; a node that stops gives its slots back at once', async () => {
    const p = prefix();
    const clock = { now: () => 0 };
    const a = await open(clock, p);
    const b = await open(clock, p);
    expect(await a.slots.claim('amy', '1', 2)).toBe(true);
    expect(await b.slots.claim('amy', '1', 2)).toBe(true);
    expect(await b.slots.claim('amy', '2', 2)).toBe(false);
    expect(await a.slots.claim('amy', '2', 2)).toBe(false);
    await a.close();
    expect(await b.slots.claim('amy', '3', 2)).toBe(true);
    expect(await b.slots.claim('amy', '4', 2)).toBe(false);
  });

  it('SHR8 a node that dies (kill -9) stops holding its slots once its key expires, not before', async () => {
    const p = prefix();
    // The holder's key lives 4 s: long enough that the check right after the kill sees its slots still held.
    const holder = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/support/slot-holder.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, SLOT_REDIS: redisUrl as string, SLOT_PREFIX: p, SLOT_TTL_MS: '4000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    holder.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    await within(
      new Promise<void>((resolve, reject) => {
        holder.stdout?.on('data', () => out.includes('\n') && resolve());
        holder.once('exit', (code) => reject(new Error(`the slot holder exited with ${code}`)));
      }),
      60_000,
      'the slot holder to hold its slots',
    );
    expect(out.trim()).toBe('held');
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    const b = await open({ now: () => 0 }, p);
    expect(await b.slots.claim('amy', 'x', 2)).toBe(false);
    await expect.poll(() => b.slots.claim('amy', 'y', 2), { timeout: 60_000, interval: 250 }).toBe(true);
    expect(await b.slots.claim('amy', 'z', 2)).toBe(true);
    expect(await b.slots.claim('amy', 'w', 2)).toBe(false);
  });

  it('SHR11 when Redis stops answering, the node counts on its own and says so; a claim made then is released in memory', async () => {
    const target = new URL(redisUrl as string);
    const links = new Set<Socket>();
    const proxy = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        links.add(s);
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as { port: number }).port;
    const errors: unknown[] = [];
    const p = prefix();
    const clock = { now: () => 0 };
    const l = await createRedisLimits(`redis://127.0.0.1:${port}`, clock, {
      keyPrefix: p,
      onError: (e) => errors.push(e),
    });
    opened.push(l);
    const shape = { ratePerSecond: 1, burst: 2 };
    expect(await l.budgets.take('send:amy', shape, 2)).toBe(0);
    expect(await l.budgets.take('send:amy', shape, 1)).toBeGreaterThan(0);
    proxy.close();
    for (const s of links) s.destroy();
    // Redis's bucket is empty; this node's own one is full: the take passes, counted here, and the outage is logged.
    expect(await within(l.budgets.take('send:amy', shape, 1), 30_000, 'the take to fall back')).toBe(0);
    expect(errors.length).toBeGreaterThan(0);
    expect(await l.slots.claim('amy', '1', 1)).toBe(true);
    expect(await l.slots.claim('amy', '2', 1)).toBe(false);
    await l.slots.release('amy', '1');
    expect(await l.slots.claim('amy', '3', 1)).toBe(true);
  });
});
