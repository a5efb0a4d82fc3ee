import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface Checkpointer {
  stop(): Promise<void>;
}

/** How often the checkpoint thread looks at the WAL. A PASSIVE checkpoint never waits for readers or writers. */
const CHECKPOINT_EVERY_MS = 1000;

// Plain CommonJS so it runs as an eval'd worker without a loader; better-sqlite3's path comes from the parent.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const run = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next tick tries again */ } };
const timer = setInterval(run, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); run(); db.close(); parentPort.postMessage('closed'); });
`;

/**
 * WAL checkpoints on a thread of their own (issue 12 §6). With `wal_autocheckpoint = 0` on the server's connection,
 * no commit pays for copying the WAL into the database file and syncing it; this thread copies what the readers
 * allow every second, and once all of the WAL is copied, the next writer starts it again from the beginning, so
 * it does not grow under steady load. Durability is unchanged: a commit is in the WAL before it is acknowledged.
 */
export function startCheckpointer(file: string, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, everyMs } });
  worker.unref();
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const done = () => resolve();
        worker.once('message', () => void worker.terminate().then(done, done));
        worker.once('exit', done);
        worker.once('error', done);
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
