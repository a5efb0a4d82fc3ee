import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProfileRow } from '../src/domain/accounts/actions.ts';
import type { Domain } from '../src/domain/context.ts';
import { ContentFilter } from '../src/domain/messages/content-filter.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import type { Storage } from '../src/domain/ports.ts';
import { createMemoryBus } from '../src/fanout/memory-bus.ts';
import { openStorage } from '../src/storage/open-storage.ts';

/**
 * SP11: what a stored message leaves to the old generation. A message's objects live for a millisecond; if they
 * survive two scavenges anyway (V8 did so with a row built by a spread and then grown, 3 KB per message), every
 * scavenge copies megabytes and the latency tail follows (bench/README.md, "The p99 at 2,000/s"). Measured with
 * V8's own GC statistics, so a busy machine changes nothing.
 */
describe('SP11 the send path leaves little for the old generation', () => {
  let dir: string;
  let storage: Storage;
  let d: Domain;
  const peers = ['p1', 'p2', 'p3', 'p4'];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parley-gc-'));
    storage = await openStorage({ kind: 'sqlite', file: join(dir, 'p.db') });
    const now = Math.floor(Date.now() / 1000);
    await storage.transaction(async (tx) => {
      for (const userID of ['me', ...peers]) {
        await tx.accounts.create(
          { userID, passwordHash: null, mobile: null, identity: 0, createdAt: now },
          newProfileRow(userID, now, { nick: userID }) as Parameters<typeof tx.accounts.create>[1],
        );
      }
    });
    d = {
      storage,
      bus: createMemoryBus(),
      clock: { now: () => Date.now() },
      secret: 'gc-test-secret-0123456789abcdef0123456789',
      userSigExpireSeconds: 3600,
      sessionSeconds: 3600,
      throttle: undefined as unknown as Domain['throttle'],
      contentFilter: new ContentFilter([]),
      onPublishError: () => undefined,
    };
  });

  afterAll(async () => {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('promotes under 1 KB per message (3 KB when rows were built by a spread)', async () => {
    const payload = { text: 'y'.repeat(100) };
    const send = (i: number) =>
      sendMessage(d, 'me', {
        to: peers[i % peers.length] as string,
        conversationType: 'C2C',
        ID: `gc-${i}`,
        type: 'TIMTextElem',
        payload,
      });
    // Warm: compiled code and the first conversations' rows are not what is measured.
    for (let i = 0; i < 500; i += 1) await send(i);
    const profiler = new v8.GCProfiler();
    profiler.start();
    const n = 4000;
    for (let i = 500; i < 500 + n; i += 1) await send(i);
    const stats = profiler.stop()?.statistics ?? [];
    const oldSpace = (s: unknown) =>
      (s as { heapSpaceStatistics: { spaceName: string; spaceUsedSize: number }[] }).heapSpaceStatistics.find(
        (sp) => sp.spaceName === 'old_space',
      )?.spaceUsedSize ?? 0;
    const scavenges = stats.filter((e) => e.gcType === 'Scavenge');
    // 4,000 messages allocate tens of megabytes: young-generation collections must have run, or nothing was measured.
    expect(scavenges.length).toBeGreaterThan(0);
    let promoted = 0;
    for (const e of scavenges) promoted += oldSpace(e.afterGC) - oldSpace(e.beforeGC);
    expect(promoted / n).toBeLessThan(1024);
  });
});
