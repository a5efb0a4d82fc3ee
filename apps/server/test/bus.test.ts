import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusMessage, EventBus } from '../src/domain/bus.ts';

/** These tests send the transport test events of their own, not the domain's. */
type BusEvent = BusMessage;
import { createMemoryBus } from '../src/fanout/memory-bus.ts';
import { createRedisBus } from '../src/fanout/redis-bus.ts';
import { busContract } from './bus-contract.ts';
import { redisTestUrl, requireService } from './support/services.ts';

const redisUrl = await requireService('redis', redisTestUrl(), 'redis contract tests');

function needRedis(): string {
  if (!redisUrl) throw new Error('unreachable: redis tests run only when Redis is reachable');
  return redisUrl;
}

/** A per-run prefix keeps parallel runs (and other developers' servers) on one Redis from hearing each other. */
function testPrefix(): string {
  return `parley-test:${randomUUID()}:`;
}

busContract('memory bus', async () => {
  const errors: unknown[] = [];
  const bus = createMemoryBus({ onError: (err) => errors.push(err) });
  return { a: bus, b: bus, errors, close: () => bus.close() };
});

describe.skipIf(!redisUrl)(redisUrl ? 'redis' : 'redis (skipped: no Redis reachable)', () => {
  busContract('redis bus', async () => {
    const errors: unknown[] = [];
    const options = { keyPrefix: testPrefix(), onError: (err: unknown) => errors.push(err) };
    const a = await createRedisBus(needRedis(), options);
    const b = await createRedisBus(needRedis(), options);
    return { a, b, errors, close: async () => void (await Promise.all([a.close(), b.close()])) };
  });

  describe('redis bus specifics', () => {
    const cleanup: Array<() => Promise<unknown>> = [];

    afterEach(async () => {
      await Promise.all(cleanup.splice(0).map((fn) => fn()));
    });

    async function open(keyPrefix: string, errors: unknown[]): Promise<EventBus<BusMessage>> {
      const bus = await createRedisBus(needRedis(), { keyPrefix, onError: (err) => errors.push(err) });
      cleanup.push(() => bus.close());
      return bus;
    }

    function rawClient(): Redis {
      const raw = new Redis(needRedis());
      cleanup.push(() => raw.quit());
      return raw;
    }

    async function waitFor(condition: () => boolean, what: string): Promise<void> {
      const giveUpAt = Date.now() + 30_000;
      while (!condition()) {
        if (Date.now() > giveUpAt) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }

    it('drops and reports malformed messages without disturbing delivery', async () => {
      const prefix = testPrefix();
      const errors: unknown[] = [];
      const bus = await open(prefix, errors);
      const got: BusEvent[] = [];
      await bus.subscribe('user:1', (event) => got.push(event));
      const raw = rawClient();
      for (const junk of ['{not json', '42', '["type"]', '{"kind":"no type"}']) {
        await raw.publish(`${prefix}user:1`, junk);
      }
      await bus.publish('user:1', { type: 'sentinel' });
      await waitFor(() => got.length === 1, 'the sentinel');
      expect(got).toEqual([{ type: 'sentinel' }]);
      expect(errors).toHaveLength(4);
    });

    it('uses the prefix on the wire and shares one SUBSCRIBE between local handlers', async () => {
      const prefix = testPrefix();
      const bus = await open(prefix, []);
      const raw = rawClient();
      const channel = `${prefix}group:7`;
      const subscribers = async (): Promise<number> => {
        const reply = (await raw.call('PUBSUB', 'NUMSUB', channel)) as [string, number];
        return Number(reply[1]);
      };
      const offFirst = await bus.subscribe('group:7', () => {});
      const offSecond = await bus.subscribe('group:7', () => {});
      expect(await subscribers()).toBe(1);
      await offFirst();
      expect(await subscribers()).toBe(1);
      await offSecond();
      expect(await subscribers()).toBe(0);
    });

    it('does not hear buses with another prefix', async () => {
      const mine = await open(testPrefix(), []);
      const theirs = await open(testPrefix(), []);
      const got: BusEvent[] = [];
      await mine.subscribe('user:1', (event) => got.push(event));
      await theirs.publish('user:1', { type: 'foreign' });
      await mine.publish('user:1', { type: 'sentinel' });
      await waitFor(() => got.length >= 1, 'the sentinel');
      expect(got).toEqual([{ type: 'sentinel' }]);
    });

    it('fails to start, without lingering reconnects, when Redis is unreachable', async () => {
      await expect(createRedisBus('redis://127.0.0.1:1', { onError: () => {} })).rejects.toThrow();
    });
  });
});
