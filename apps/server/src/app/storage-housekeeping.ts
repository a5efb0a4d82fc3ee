import type { FastifyInstance } from 'fastify';
import type { Domain } from '../domain/context.ts';
import { sweepUploads } from '../domain/uploads/quota.ts';
import type { Uploads } from '../domain/uploads/upload.ts';
import { housekeeperFor } from '../storage/housekeeping.ts';
import type { Config } from './config.ts';

/** A database created before auto_vacuum is converted at start (one VACUUM) only up to this size (DSK3). */
const CONVERT_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Disk housekeeping on a timer, off the request path (DSK1–DSK4, and the sweep of unsent uploads, ABU9); one run at
 * a time, errors logged. A larger
 * SQLite file made before auto_vacuum is left as it is, with a warning saying how to convert it offline.
 */
export function startStorageHousekeeping(app: FastifyInstance, d: Domain, config: Config, uploads: Uploads): void {
  const keeper = housekeeperFor(d.storage, { purgeAfterSeconds: config.purgeClearedAfterSeconds });
  if (!keeper) return;
  const ledger = uploads.admission.ledger;
  let running: Promise<void> | undefined;
  const once = async () => {
    const stats = await keeper.run(Math.floor(d.clock.now() / 1000));
    if (stats.purged > 0) app.log.debug(stats, 'storage housekeeping');
    // Unsent uploads past their age (ABU9), on the same timer: one batch per run.
    const swept = ledger ? await sweepUploads(ledger, uploads.store, config.uploadQuota, d.clock.now()) : 0;
    if (swept > 0) app.log.debug({ swept }, 'unsent uploads swept');
  };
  const tick = () => {
    if (running) return;
    running = once()
      .catch((err: unknown) => app.log.warn({ err }, 'storage housekeeping failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const converted = keeper.convert(CONVERT_MAX_BYTES).then(
    (done) => {
      if (done) app.log.info('SQLite database converted to auto_vacuum = INCREMENTAL');
    },
    (err: unknown) => app.log.warn({ err }, 'SQLite auto_vacuum conversion failed'),
  );
  const timer = setInterval(tick, config.housekeepingMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await converted;
    await running;
  });
}
