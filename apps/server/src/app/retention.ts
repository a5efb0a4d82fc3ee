import type { FastifyInstance } from 'fastify';
import type { Domain } from '../domain/context.ts';
import { retentionStep } from '../domain/retention/actions.ts';
import type { Uploads } from '../domain/uploads/upload.ts';
import { retentionFor } from '../storage/retention.ts';
import type { Config } from './config.ts';

/** Messages deleted per step at most, and the pause between steps (RET4): as the search backfill (SRCH16). */
export const RETENTION_BATCH = 500;
const PAUSE_MS = 50;

/**
 * Message retention (decision 0047): every housekeeping period a sweep walks the conversations in small steps,
 * each a few short transactions, with a pause between steps so sends interleave (RET4). Runs on every node; the
 * steps are idempotent, and each node drops its own cached pages of what any node purged (RET7).
 */
export function startRetention(app: FastifyInstance, d: Domain, config: Config, uploads: Uploads): void {
  const store = retentionFor(d.storage);
  if (!store) return;
  const ledger = uploads.admission.ledger;
  const files = ledger ? { ledger, store: uploads.store } : undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const later = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(step, ms);
    timer.unref();
  };
  const step = (): void => {
    const now = Math.floor(d.clock.now() / 1000);
    running = retentionStep(d.sendPath, store, files, now, config.retentionDays, RETENTION_BATCH)
      .then(
        (s) => {
          if (s.purged > 0) app.log.debug({ purged: s.purged }, 'retention step');
          later(s.sweptAll ? config.housekeepingMs : PAUSE_MS);
        },
        (err: unknown) => {
          app.log.warn({ err }, 'retention step failed; retried next period');
          later(config.housekeepingMs);
        },
      )
      .finally(() => {
        running = undefined;
      });
  };
  later(config.housekeepingMs);
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
