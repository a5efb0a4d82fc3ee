import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './parley-server.ts';
import { waitFor } from './wait.ts';

const REDIS_BIN = process.env.PARLEY_REDIS_SERVER_BIN ?? 'redis-server';

/**
 * A Redis server of the scenario's own (Debian's `redis-server`, on a free port, nothing kept on disk), so R4 can
 * restart it without disturbing any other test that uses the machine's Redis.
 */
export class RedisProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  restarts = 0;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisProcess> {
    const r = new RedisProcess(await freePort());
    await r.launch();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  private async launch(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn(REDIS_BIN, args, { stdio: 'pipe' });
    this.child = child;
    let out = '';
    let failed: Error | undefined;
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('error', (err) => {
      failed = new Error(`cannot start ${REDIS_BIN} (apt-get install -y redis-server): ${err.message}`);
    });
    this.exited = new Promise((done) => child.once('exit', () => done()));
    await waitFor(
      () => {
        if (failed) throw failed;
        return out.includes('Ready to accept connections');
      },
      { timeoutMs: 15_000, what: 'redis-server to start', intervalMs: 20 },
    );
  }

  /** SIGKILL and start again on the same port: every pub/sub message in flight is gone. */
  async restart(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
    this.restarts += 1;
    await this.launch();
  }

  async stop(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }
}
