import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeqTracker } from '../src/sync/seq-tracker.ts';

describe('SeqTracker: order, gaps and duplicates per conversation', () => {
  it('SDK41 releases in-order sequences at once and reports duplicates', () => {
    const t = new SeqTracker<string>(0);
    expect(t.offer(1, 'a')).toEqual(['a']);
    expect(t.offer(2, 'b')).toEqual(['b']);
    expect(t.offer(2, 'b again')).toBeNull();
    expect(t.offer(1, 'a again')).toBeNull();
    expect(t.watermark).toBe(2);
    expect(t.hasGap).toBe(false);
  });

  it('SDK42 gap detection: a sequence above a hole waits, and the hole filling releases everything in order', () => {
    const t = new SeqTracker<string>(10);
    expect(t.offer(13, 'c')).toEqual([]);
    expect(t.hasGap).toBe(true);
    expect(t.offer(12, 'b')).toEqual([]);
    expect(t.offer(13, 'c dup')).toBeNull();
    expect(t.offer(11, 'a')).toEqual(['a', 'b', 'c']);
    expect(t.hasGap).toBe(false);
    expect(t.watermark).toBe(13);
  });

  it('fillTo declares a range accounted for (deleted history) and releases what waited, in order', () => {
    const t = new SeqTracker<string>(0);
    t.offer(5, 'e');
    t.offer(7, 'g');
    expect(t.fillTo(5)).toEqual(['e']);
    expect(t.hasGap).toBe(true);
    expect(t.fillTo(6)).toEqual(['g']);
    expect(t.watermark).toBe(7);
    expect(t.fillTo(3)).toEqual([]);
  });

  it('discardTo drops what waited below the cleared sequence but releases what is now in order above it', () => {
    const t = new SeqTracker<string>(0);
    t.offer(3, 'c');
    t.offer(6, 'f');
    t.offer(7, 'g');
    expect(t.discardTo(5)).toEqual(['f', 'g']);
    expect(t.watermark).toBe(7);
    expect(t.offer(3, 'c again')).toBeNull();
  });

  it('SDK43 dedupe: any arrival order with any repeats delivers 1..n exactly once, in order', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 60 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.shuffledSubarray([...Array(n).keys(), ...Array(n).keys()], { minLength: 2 * n }),
            ),
          ),
        ([n, arrivals]) => {
          const t = new SeqTracker<number>(0);
          const out: number[] = [];
          for (const i of arrivals) out.push(...(t.offer(i + 1, i + 1) ?? []));
          expect(out).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        },
      ),
    );
  });
});
