import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface Checkpointer {
  stop(): Promise<void>;
  /** The thread's scheduling niceness once it runs (19 where the OS allows: it yields the core to the server). */
  readonly niceness: Promise<number>;
}

/**
 * How often the checkpoint thread looks at the WAL. A PASSIVE checkpoint never waits for readers or writers; a short
 * interval keeps each one small (the pages changed in 100 ms), so it never holds the core for long.
 */
const CHECKPOINT_EVERY_MS = 100;
/** The lowest priority: on a core shared with the event loop, a waking server thread preempts the checkpoint. */
const CHECKPOINT_NICENESS = 19;

// Plain CommonJS so it runs as an eval'd worker without a loader; better-sqlite3's path comes from the parent.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const os = require('node:os');
// Linux keeps a niceness per thread: 0 is this thread alone, not the server's.
try { os.setPriority(0, workerData.niceness); } catch { /* not allowed here: the default priority */ }
let niceness = 0;
try { niceness = os.getPriority(0); } catch { /* unknown */ }
parentPort.postMessage({ niceness });
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const run = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next tick tries again */ } };
const timer = setInterval(run, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); run(); db.close(); parentPort.postMessage('closed'); });
`;

/**
 * WAL checkpoints on a thread of their own (issue 12 §6). With `wal_autocheckpoint = 0` on the server's connection,
 * no commit pays for copying the WAL into the database file and syncing it; this thread copies what the readers
 * allow every 100 ms, and once all of the WAL is copied, the next writer starts it again from the beginning, so
 * it does not grow under steady load. Durability is unchanged: a commit is in the WAL before it is acknowledged.
 *
 * The thread runs at the lowest priority (SP5): on one core it shared the CPU with the event loop as an equal, and a
 * checkpoint of a second's pages held the core for up to tens of milliseconds, which was the latency tail at 2,000
 * messages/s (bench/README.md, "The p99 at 2,000/s"). Where cores are free it runs beside the server as before;
 * on a saturated core it still gets a small share, which the small checkpoints need.
 */
export function startCheckpointer(file: string, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, driver, everyMs, niceness: CHECKPOINT_NICENESS },
  });
  worker.unref();
  let reportNiceness: (n: number) => void = () => undefined;
  const niceness = new Promise<number>((resolve) => {
    reportNiceness = resolve;
  });
  let closed: () => void = () => undefined;
  worker.on('message', (m: unknown) => {
    if (m === 'closed') closed();
    else if (typeof m === 'object' && m !== null && 'niceness' in m) reportNiceness(Number(m.niceness));
  });
  let stopped: Promise<void> | undefined;
  return {
    niceness,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const done = () => resolve();
        closed = () => void worker.terminate().then(done, done);
        worker.once('exit', done);
        worker.once('error', done);
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
