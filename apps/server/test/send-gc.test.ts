import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '../src/domain/context.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import { bareDomain, withUsers } from './support/domain.ts';
import { freshSqlite } from './support/storage.ts';

/**
 * SP11: what a stored message leaves to the old generation. A message's objects live for a millisecond; if they
 * survive two scavenges anyway (V8 did so with a row built by a spread and then grown, 3 KB per message), every
 * scavenge copies megabytes and the latency tail follows (bench/README.md, "The p99 at 2,000/s"). Measured with
 * V8's own GC statistics, so a busy machine changes nothing.
 */
describe('SP11 the send path leaves little for the old generation', () => {
  let close: () => Promise<void>;
  let d: Domain;
  const peers = ['p1', 'p2', 'p3', 'p4'];

  beforeAll(async () => {
    const s = await freshSqlite();
    close = s.close;
    await withUsers(s.storage, ['me', ...peers]);
    d = bareDomain(s.storage);
  });

  afterAll(() => close());

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
