import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryThrottleStore } from '../src/throttle/memory-throttle-store.ts';
import { createRedisThrottleStore } from '../src/throttle/redis-throttle-store.ts';
import { redisTestUrl, requireService } from './support/services.ts';
import { throttleStoreContract } from './throttle-store-contract.ts';

const redisUrl = await requireService('redis', redisTestUrl(), 'redis throttle store tests');

describe('memory throttle store', () => {
  let now = 1_000_000;
  throttleStoreContract(
    'memory',
    async () => createMemoryThrottleStore({ now: () => now }),
    async (windowMs) => {
      now += windowMs;
    },
  );
});

describe('memory throttle store under a flood of fresh keys', () => {
  it('THR7 a lock-out survives a flood that fills the store: the least-used keys go, not every counter', async () => {
    const store = createMemoryThrottleStore({ now: () => 1_000_000 }, 100);
    for (let i = 0; i < 5; i++) await store.hit(['victim|10.0.0.1'], 60_000);
    for (let i = 0; i < 1_000; i++) await store.hit([`flood-${i}`], 60_000);
    expect(await store.hit(['victim|10.0.0.1'], 60_000)).toEqual([6]);
    await store.close();
  });
});

describe.skipIf(!redisUrl)(redisUrl ? 'redis throttle store' : 'redis throttle store (skipped: no Redis)', () => {
  throttleStoreContract(
    'redis',
    async () => {
      expect(redisUrl).toBeDefined();
      return createRedisThrottleStore(redisUrl ?? '', { keyPrefix: `parley-test:${randomUUID()}:` });
    },
    // Redis expires keys on its own clock: wait for the condition (the key gone), never a fixed sleep.
    async (windowMs) => {
      const probe = createRedisThrottleStore(redisUrl ?? '', { keyPrefix: `parley-test:${randomUUID()}:` });
      const started = Date.now();
      await probe.hit(['probe'], windowMs);
      while ((await probe.hit(['probe'], windowMs))[0] !== 1) {
        if (Date.now() - started > 5_000) throw new Error('the probe key never expired');
        await probe.undo(['probe']);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await probe.close();
    },
  );
});
