import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteLane } from '../src/storage/sqlite-lane.ts';
import { openStorage } from '../src/storage/open-storage.ts';
import { sql } from '../src/storage/migrations.ts';

describe('SP10 the SQLite connection lane', () => {
  it('runs a caller at once when the connection is free, and in arrival order when it is not', async () => {
    const lane = new SqliteLane();
    const order: string[] = [];
    // Free: `run` has run `fn` before it returns.
    void lane.run(() => order.push('free'));
    expect(order).toEqual(['free']);
    await lane.lock();
    const queued = ['a', 'b', 'c'].map((name) =>
      lane.run(() => {
        order.push(name);
        return name;
      }),
    );
    expect(order).toEqual(['free']);
    lane.unlock();
    expect(await Promise.all(queued)).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['free', 'a', 'b', 'c']);
  });

  it('frees the connection after a caller that throws, and hands the error back', async () => {
    const lane = new SqliteLane();
    await expect(
      lane.run(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await lane.lock();
    const later = lane.run(() => {
      throw new Error('queued boom');
    });
    lane.unlock();
    await expect(later).rejects.toThrow('queued boom');
    expect(await lane.run(() => 'still usable')).toBe('still usable');
  });

  describe('shared with Kysely', () => {
    let dir: string | undefined;
    afterEach(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = undefined;
    });

    it('a send batch never runs inside a Kysely transaction: it waits for the commit', async () => {
      dir = mkdtempSync(join(tmpdir(), 'parley-lane-'));
      const storage = await openStorage({ kind: 'sqlite', file: join(dir, 'p.db') });
      try {
        const events: string[] = [];
        let release!: () => void;
        const held = new Promise<void>((r) => {
          release = r;
        });
        const tx = storage.db.transaction().execute(async (t) => {
          await sql`select 1`.execute(t);
          events.push('tx open');
          await held;
          events.push('tx commit');
        });
        while (!events.includes('tx open')) await new Promise((r) => setTimeout(r, 1));
        // A page read through the send path's store takes the same lane.
        const read = storage.sends.pageBefore('nope', undefined, 15, 0).then((rows) => {
          events.push('send path ran');
          return rows;
        });
        await new Promise((r) => setTimeout(r, 20));
        expect(events).toEqual(['tx open']);
        release();
        expect(await read).toEqual([]);
        await tx;
        expect(events).toEqual(['tx open', 'tx commit', 'send path ran']);
      } finally {
        await storage.close();
      }
    });
  });
});
