import { describe, expect, it } from 'vitest';
import { runSoak } from '../../bench/soak/soak.ts';

/**
 * SOAK1 (bench/README.md "Soak"): the 2-minute version of `npm run soak`. The whole mix (one-to-one pairs, groups of
 * 10, 100 and 1,000 members, reactions, read receipts, status changes, sockets cut at random, image uploads) on a real
 * server with 1,040 SDK clients, and at the end every delivery that should have happened, and no other.
 */
describe('soak', () => {
  it('SOAK1 two minutes of mixed load: nothing lost, duplicated or unexpected, every upload byte-identical', async () => {
    const r = await runSoak({ minutes: 2, sampleSeconds: 30, log: (line) => console.log(line) });
    const { samples, ...summary } = r;
    console.log(JSON.stringify(summary));
    expect(r.examples).toEqual([]);
    expect({ lost: r.lost, duplicated: r.duplicated, unexpected: r.unexpected }).toEqual({
      lost: 0,
      duplicated: 0,
      unexpected: 0,
    });
    expect(r.failedSends).toBe(0);
    // The mix ran: group fan-out multiplied the deliveries, sockets were cut and came back, uploads arrived intact.
    expect(r.sent).toBeGreaterThan(100);
    expect(r.received).toBe(r.expectedDeliveries);
    expect(r.expectedDeliveries).toBeGreaterThan(r.sent * 5);
    expect(r.socketsCut).toBeGreaterThan(0);
    expect(r.uploads.sent).toBeGreaterThan(0);
    expect(r.uploads).toEqual({ sent: r.uploads.sent, verified: r.uploads.sent, mismatched: 0 });
    expect(r.reactions.ok).toBeGreaterThan(0);
    expect(r.readReceipts.ok).toBeGreaterThan(0);
    expect(samples.length).toBeGreaterThanOrEqual(4);
  }, 1_800_000);
});
