import type { FastifyInstance } from 'fastify';
import type { Domain } from '../domain/context.ts';

/** Messages indexed per step, and the pause between steps (SRCH16): a step holds SQLite's one writer a few ms. */
const BATCH = 500;
const PAUSE_MS = 50;

/**
 * Indexes the messages stored before migration 0026 in the background (SRCH16): one small transaction at a time,
 * with pauses so sends interleave (on SQLite each step is one short write between the send path's batches). It
 * ends when nothing older is left; on several nodes each walks the same shared cursor, one step at a time.
 */
export function startSearchBackfill(app: FastifyInstance, d: Domain): void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const later = (ms: number) => {
    timer = setTimeout(step, ms);
    timer.unref();
  };
  const step = (): void => {
    running = d.storage.search
      .backfill(BATCH)
      .then(
        (n) => {
          if (n > 0 && !stopped) later(PAUSE_MS);
          else if (n === 0) app.log.debug('search index backfill complete');
        },
        (err: unknown) => {
          app.log.warn({ err }, 'search index backfill step failed; retried later');
          if (!stopped) later(PAUSE_MS * 100);
        },
      )
      .finally(() => {
        running = undefined;
      });
  };
  later(PAUSE_MS);
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
