import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait.ts';

const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');
// Overridable to run the scenarios against another build, e.g. a deliberately broken copy that
// proves the harness notices (see README.md).
const MAIN = process.env.RELIABILITY_SERVER_MAIN ?? join(REPO_ROOT, 'apps/server/src/app/main.ts');
const START_TIMEOUT_MS = 30_000;

export const ADMIN_KEY = 'reliability-admin-key-0123456789';
/** Exported for the security suite, which signs expired tokens with it. */
export const SECRET = 'reliability-secret-0123456789abcdef';

const running = new Set<ChildProcess>();
// A run that dies (an exception, Ctrl-C) must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A free loopback port: the OS picks one, we release it and hand it to the server. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolvePort(port));
    });
  });
}

/**
 * The real server as a separate process (`node --import tsx main.ts`), so it can be killed with
 * SIGKILL and restarted on the same data directory and port.
 */
export class ParleyServer {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private live = false;
  private output = '';
  starts = 0;

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly extraEnv: Record<string, string>,
  ) {}

  /**
   * `env`: extra variables for the process, or a function of the port that makes them (the security suite sets
   * limits, proxies, the public origin and the database).
   */
  static async start(
    env: Record<string, string> | ((port: number) => Record<string, string>) = {},
  ): Promise<ParleyServer> {
    const port = await freePort();
    const extra = typeof env === 'function' ? env(port) : env;
    const server = new ParleyServer(port, mkdtempSync(join(tmpdir(), 'parley-reliability-')), extra);
    await server.launch();
    return server;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** False once the process has exited, however it ended. */
  get alive(): boolean {
    return this.live;
  }

  /** Everything the process wrote to stdout and stderr since its last start. */
  get log(): string {
    return this.output;
  }

  /** Starts the process and resolves once it listens and /readyz answers 200. */
  async launch(): Promise<void> {
    const env = {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      PARLEY_DATA_DIR: this.dataDir,
      PARLEY_SECRET: SECRET,
      PARLEY_ADMIN_KEY: ADMIN_KEY,
      PARLEY_LOG_LEVEL: 'error',
      PARLEY_DEMO: '0',
      ...this.extraEnv,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: REPO_ROOT, env, stdio: 'pipe' });
    this.child = child;
    this.starts += 1;
    running.add(child);
    this.live = true;
    this.output = '';
    let gone = false;
    child.stdout.on('data', (c: Buffer) => {
      this.output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      this.output += c.toString();
    });
    this.exited = new Promise((done) =>
      child.once('exit', () => {
        running.delete(child);
        this.live = false;
        done();
      }),
    );
    void this.exited.then(() => {
      gone = true;
    });
    await waitFor(
      () => {
        if (gone) throw new Error(`server exited during start: ${this.output.slice(-2000)}`);
        return this.output.includes('Parley is running at') && this.ready();
      },
      { timeoutMs: START_TIMEOUT_MS, what: 'the server to start', intervalMs: 25 },
    );
  }

  private async ready(): Promise<boolean> {
    try {
      return (await fetch(`http://127.0.0.1:${this.port}/readyz`)).status === 200;
    } catch {
      return false;
    }
  }

  /** SIGKILL: no shutdown hook runs, exactly like a crash or an OOM kill. */
  async killHard(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  async restart(): Promise<void> {
    await this.killHard();
    await this.launch();
  }

  /** Ends the process and removes its data directory. */
  async stop(): Promise<void> {
    this.child?.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
