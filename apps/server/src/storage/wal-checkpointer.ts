import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface Checkpointer {
  stop(): Promise<void>;
  /** The thread's scheduling niceness once it runs (19 where the OS allows: it yields the core to the server). */
  readonly niceness: Promise<number>;
  /** True once the thread runs in Linux's idle scheduling class (SCHED_IDLE): any server thread preempts it. */
  readonly idle: Promise<boolean>;
  /**
   * SP12: looks at the WAL's length (at most every few milliseconds) and starts a restart turn past the limit. The
   * server calls it each time its connection is given back, so an idle server does nothing.
   */
  look(): void;
  /** Restart turns taken so far. */
  turns(): number;
  /** Slices of the connection given to the checkpoint thread so far (SLICE_BACKLOG). */
  slices(): number;
}

/** Holds the server's one SQLite connection (storage/sqlite-lane.ts): nothing writes while it is held. */
export interface ConnectionHold {
  lock(): Promise<void>;
  unlock(): void;
  /**
   * A PASSIVE checkpoint on the held connection itself, on the server's thread; true when it copied every frame. A
   * turn uses it when the low-priority thread gets no CPU (other processes keep the core busy).
   */
  checkpoint?(): boolean;
}

export interface CheckpointerOptions {
  everyMs?: number;
  /** The connection to hold for a restart turn (SP12); without it the WAL restarts only when the writer lets it. */
  hold?: ConnectionHold;
  /** WAL frames (4 KB pages) past which the WAL is started again with a restart turn. */
  limitFrames?: number;
  /** Past this many frames the turn comes at once, without the checkpoints that make it short (a saturated writer). */
  hardFrames?: number;
  /** Checkpoints run before a turn while the writer goes on (default 2). */
  preRounds?: number;
  /** A turn holds the connection only once at most this many frames are left to copy (or past `hardFrames`). */
  turnBacklog?: number;
  /** Past this many frames left to copy before a turn, the thread is given slices of the connection (default 32,768). */
  sliceBacklog?: number;
  /** How long a turn's last checkpoint waits for the thread before it runs on the held connection (default 100 ms). */
  starvedMs?: number;
}

/**
 * How often the checkpoint thread looks at the WAL. A PASSIVE checkpoint never waits for readers or writers; a short
 * interval keeps each one small (the pages changed in 100 ms), so it never holds the core for long.
 */
const CHECKPOINT_EVERY_MS = 100;
/** The lowest priority: on a core shared with the event loop, a waking server thread preempts the checkpoint. */
const CHECKPOINT_NICENESS = 19;
/**
 * SP12. 131,072 frames, 512 MB: at 2,000 messages/s (about 9 WAL frames a commit) one short turn every few seconds,
 * which delays far fewer than 1 % of the messages; a smaller limit means more turns in the latency tail
 * (bench/README.md, "The p99 at 2,000/s", has the runs that chose it).
 */
const LIMIT_FRAMES = 131_072;
/** Checkpoints run while the writer goes on, before the turn: each leaves the next less to copy and to sync. */
const PRE_ROUNDS = 2;
/** 262,144 frames, 1 GB: the most WAL a writer that saturates its core leaves before it waits for a turn at once. */
const HARD_FRAMES = 262_144;
/**
 * A turn holds the connection only once the checkpoints before it have left at most 16,384 frames (64 MB) to copy,
 * tens of milliseconds of copying: a turn held with a large backlog holds every send for hundreds of milliseconds
 * (bench/README.md has the measurements).
 */
const TURN_BACKLOG = 16_384;
/**
 * Past 32,768 frames (128 MB) left to copy during a turn's checkpoints, the thread is behind: the writer has its core.
 * Then the server holds the connection for a slice of `SLICE_MS` at most once per look, so the thread gets part of
 * the core and the backlog shrinks, instead of growing to the hard limit and a turn of hundreds of milliseconds.
 */
const SLICE_BACKLOG = 32_768;
const SLICE_MS = 5;
/** How far the checkpoint thread reads ahead of the writer (SP12): about 350 ms of WAL at 2,000 messages/s. */
const AHEAD_BYTES = 32 << 20;
/** How often, at most, the server looks at the WAL's length: a pread of 100 bytes of the `-shm` file. */
const LOOK_EVERY_MS = 5;
/** A turn's last checkpoint waits this long for the thread before it runs on the server's connection. */
const STARVED_MS = 100;
/** A turn that got no answer (the thread died) gives the connection back after this long. */
const TURN_TIMEOUT_MS = 2_000;

// Plain CommonJS so it runs as an eval'd worker without a loader; better-sqlite3's path comes from the parent.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const os = require('node:os');
const fs = require('node:fs');
// Linux keeps a niceness per thread: 0 is this thread alone, not the server's.
try { os.setPriority(0, workerData.niceness); } catch { /* not allowed here: the default priority */ }
let niceness = 0;
try { niceness = os.getPriority(0); } catch { /* unknown */ }
// Linux's idle scheduling class for this thread alone (no privilege needed): a server thread that wakes preempts
// it at once. At niceness 19 alone, a waking event loop still waited out the checkpoint's time slice (bench/README.md).
let idle = false;
if (workerData.idle) {
  try {
    const tid = fs.readlinkSync('/proc/thread-self').split('/').pop();
    require('node:child_process').execFileSync('chrt', ['--idle', '-p', '0', tid], { stdio: 'ignore' });
    idle = true;
  } catch { /* not Linux, or no chrt: niceness alone */ }
}
parentPort.postMessage({ niceness, idle });
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const run = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next tick tries again */ } };
// Read-ahead (SP12). Once the WAL has started again, each commit overwrites WAL blocks written one restart ago; a
// block the OS has dropped from its cache meanwhile (this VM pages out page cache it sees unused for 30 s) must be
// read from disk before a frame can be written into part of it, by the event loop, in the commit, queued behind
// the checkpoints' writes. So this thread reads the next part of the WAL into the cache ahead of the writer.
const frameBytes = 24 + Number(db.pragma('page_size', { simple: true }));
const chunk = Buffer.alloc(1 << 20);
const header = Buffer.alloc(100);
let shm;
let wal;
let ahead = 0;
const readAhead = () => {
  if (!workerData.aheadBytes) return;
  try {
    shm ??= fs.openSync(workerData.file + '-shm', 'r');
    wal ??= fs.openSync(workerData.file + '-wal', 'r');
    if (fs.readSync(shm, header, 0, 100, 0) < 100) return;
    // mxFrame, the WAL's length in frames, at byte 16 of the wal-index header (sqlite.org/walformat.html).
    const at = 32 + (os.endianness() === 'LE' ? header.readUInt32LE(16) : header.readUInt32BE(16)) * frameBytes;
    if (at < ahead - workerData.aheadBytes || at > ahead) ahead = at; // restarted, or the writer got past us
    const end = Math.min(at + workerData.aheadBytes, fs.fstatSync(wal).size);
    while (ahead < end) ahead += Math.max(1, fs.readSync(wal, chunk, 0, Math.min(chunk.length, end - ahead), ahead));
  } catch { /* no WAL yet */ }
};
// Before a turn (SP12): the WAL written during the checkpoint just run goes to disk now, off the event loop, so the
// turn's own checkpoint, which syncs the WAL first, has little left to write while the connection is held.
const syncWal = () => {
  try {
    wal ??= fs.openSync(workerData.file + '-wal', 'r');
    fs.fdatasyncSync(wal);
  } catch { /* no WAL yet */ }
};
let timer;
const tick = () => {
  clearTimeout(timer);
  run();
  readAhead();
  timer = setTimeout(tick, workerData.everyMs);
};
timer = setTimeout(tick, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m && typeof m.checkpoint === 'number') {
    // Asked by the server (SP12): a checkpoint now, with the answer when it is done.
    tick();
    if (m.sync) syncWal();
    parentPort.postMessage({ checkpointed: m.checkpoint });
    return;
  }
  clearTimeout(timer); run(); db.close();
  for (const fd of [shm, wal]) if (fd !== undefined) fs.closeSync(fd);
  parentPort.postMessage('closed');
});
`;

/**
 * WAL checkpoints on a thread of their own (decision 0021). With `wal_autocheckpoint = 0` on the server's connection,
 * no commit pays for copying the WAL into the database file and syncing it; this thread copies what the readers
 * allow every 100 ms. Once all of the WAL is copied, the next writer starts it again from the beginning; commits
 * that come back to back never leave that moment, so with `hold` a restart turn makes one (SP12). Durability is
 * unchanged: a commit is in the WAL before it is acknowledged.
 *
 * The thread runs at the lowest priority (SP5): on one core it shared the CPU with the event loop as an equal, and a
 * checkpoint of a second's pages held the core for up to tens of milliseconds, which was the latency tail at 2,000
 * messages/s (bench/README.md, "The p99 at 2,000/s"). Where cores are free it runs beside the server as before;
 * on a saturated core it gets what the server leaves, and the restart turns see that the WAL stays bounded.
 */
export function startCheckpointer(file: string, options: CheckpointerOptions = {}): Checkpointer {
  const limitFrames = options.limitFrames ?? LIMIT_FRAMES;
  const hardFrames = options.hardFrames ?? HARD_FRAMES;
  const preRounds = options.preRounds ?? PRE_ROUNDS;
  const turnBacklog = options.turnBacklog ?? TURN_BACKLOG;
  const sliceBacklog = options.sliceBacklog ?? SLICE_BACKLOG;
  const starvedMs = options.starvedMs ?? STARVED_MS;
  const hold = options.hold;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      file,
      driver,
      everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS,
      niceness: CHECKPOINT_NICENESS,
      idle: process.platform === 'linux',
      aheadBytes: hold ? AHEAD_BYTES : 0,
    },
  });
  worker.unref();
  let reportNiceness: (n: number) => void = () => undefined;
  const niceness = new Promise<number>((resolve) => {
    reportNiceness = resolve;
  });
  let reportIdle: (idle: boolean) => void = () => undefined;
  const idle = new Promise<boolean>((resolve) => {
    reportIdle = resolve;
  });
  let closed: () => void = () => undefined;
  let turns = 0;
  let asked = 0;
  const answers = new Map<number, () => void>();
  /** A checkpoint on the thread, now; resolves when it is done (or the thread is gone, or it took too long). */
  const checkpointNow = (sync = false) =>
    new Promise<void>((resolve) => {
      asked += 1;
      const id = asked;
      const timeout = setTimeout(() => answers.get(id)?.(), TURN_TIMEOUT_MS);
      answers.set(id, () => {
        clearTimeout(timeout);
        answers.delete(id);
        resolve();
      });
      worker.postMessage({ checkpoint: id, sync });
    });
  let turning = false;
  let escalate: (() => void) | undefined;
  let stopped: Promise<void> | undefined;
  const header = walHeader(file);
  /**
   * SP12. First at least `rounds` checkpoints while the writer goes on, each followed by a sync of the WAL, until one
   * leaves at most `turnBacklog` frames to copy (or the WAL passes the hard limit): so the last one, with the
   * connection held, has little to copy or sync. Nothing can commit while it runs, so it copies every frame, and
   * the next commit starts the WAL again.
   */
  const restart = async (connection: ConnectionHold, rounds: number) => {
    turning = true;
    try {
      // Past the hard limit meanwhile (the thread is slow: the core is busy), the turn comes at once.
      const hard = new Promise<true>((resolve) => {
        escalate = () => resolve(true);
      });
      for (let round = 0; !stopped; round += 1) {
        if (round >= rounds && backlog() <= turnBacklog) break;
        if (await Promise.race([checkpointNow(true).then(() => false), hard])) break;
      }
      escalate = undefined;
      await connection.lock();
      try {
        if (!stopped) await lastCheckpoint(connection);
      } finally {
        connection.unlock();
        turns += 1;
      }
    } finally {
      turning = false;
    }
  };
  /** Frames written since the last checkpoint that finished (what the next one has to copy). */
  const backlog = () => {
    const w = header.read();
    return w ? w.frames - w.copied : 0;
  };
  let slicing = false;
  let slices = 0;
  /** The connection held for `SLICE_MS`, so the checkpoint thread runs on a core the writer saturates. */
  const slice = (connection: ConnectionHold) => {
    slicing = true;
    slices += 1;
    void connection.lock().then(() =>
      setTimeout(() => {
        slicing = false;
        connection.unlock();
      }, SLICE_MS),
    );
  };
  /**
   * A turn's last checkpoint, with nothing writing: on the thread, so the event loop goes on. Where the thread gets no
   * CPU for `starvedMs` (other processes keep the core busy, and it runs in the idle class), on the server's own
   * connection instead; `busy` there means the thread's checkpoint is running after all, and then the turn waits
   * for it.
   */
  const lastCheckpoint = async (connection: ConnectionHold): Promise<void> => {
    const answered = checkpointNow();
    let timer: NodeJS.Timeout | undefined;
    const starved = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), starvedMs);
    });
    const done = await Promise.race([answered.then(() => true), starved]);
    clearTimeout(timer);
    if (done || connection.checkpoint?.() === true) return;
    await answered;
  };
  let lookedAt = 0;
  // The server's own thread looks: the checkpoint thread gets almost no CPU while the server saturates its core.
  const look = () => {
    if (!hold || stopped || (turning && !escalate)) return;
    const now = performance.now();
    if (now - lookedAt < LOOK_EVERY_MS) return;
    lookedAt = now;
    const w = header.read();
    if (!w) return;
    if (turning) {
      if (w.frames >= hardFrames) escalate?.();
      else if (w.frames - w.copied > sliceBacklog && !slicing) slice(hold);
      return;
    }
    // Past the limit with commits since the last checkpoint; past the hard limit, at once (a saturated writer).
    if (w.frames >= limitFrames && w.copied < w.frames) void restart(hold, w.frames >= hardFrames ? 0 : preRounds);
  };
  worker.on('message', (m: unknown) => {
    if (m === 'closed') closed();
    else if (typeof m !== 'object' || m === null) return;
    else if ('niceness' in m) {
      reportNiceness(Number(m.niceness));
      reportIdle('idle' in m && m.idle === true);
    } else if ('checkpointed' in m) answers.get(Number(m.checkpointed))?.();
  });
  worker.once('exit', () => {
    for (const answer of [...answers.values()]) answer();
  });
  return {
    niceness,
    idle,
    look,
    turns: () => turns,
    slices: () => slices,
    stop() {
      header.close();
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

/**
 * The WAL's length and how much of it is copied into the database, read from the wal-index header at the start of
 * the `-shm` file (sqlite.org/walformat.html: `mxFrame` at byte 16, the checkpoint's `nBackfill` at byte 96, in the
 * machine's byte order). A checkpoint's own answer tells only what the WAL held when it began.
 */
export function walHeader(file: string): {
  read(): { frames: number; copied: number } | undefined;
  close(): void;
} {
  const bytes = Buffer.alloc(100);
  let fd: number | undefined;
  const little = endianness() === 'LE';
  return {
    read() {
      try {
        fd ??= openSync(`${file}-shm`, 'r');
        if (readSync(fd, bytes, 0, 100, 0) < 100) return undefined;
      } catch {
        return undefined;
      }
      // Read without SQLite's locks (it keeps two copies of the header for its own readers): a torn read can only
      // make a turn come one look early or late.
      const at = (offset: number) => (little ? bytes.readUInt32LE(offset) : bytes.readUInt32BE(offset));
      return { frames: at(16), copied: at(96) };
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
