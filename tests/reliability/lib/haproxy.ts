import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './parley-server.ts';
import { waitFor } from './wait.ts';

const CONFIG = resolve(fileURLToPath(import.meta.url), '../../../../docs/deploy/haproxy.cfg');
const HAPROXY_BIN = process.env.PARLEY_HAPROXY_BIN ?? 'haproxy';

/**
 * HAProxy from Debian's packages running `docs/deploy/haproxy.cfg` unchanged, in front of two nodes: R4 with
 * `--balancer haproxy` proves the documented configuration, not only the test's own balancer.
 */
export class Haproxy {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    private readonly dir: string,
    private readonly exited: Promise<void>,
  ) {}

  static async start(nodePorts: readonly number[]): Promise<Haproxy> {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'parley-haproxy-'));
    const env = {
      ...process.env,
      PARLEY_HAPROXY_BIND: `127.0.0.1:${port}`,
      PARLEY_HAPROXY_SOCKET: join(dir, 'admin.sock'),
      PARLEY_NODE1: `127.0.0.1:${nodePorts[0]}`,
      PARLEY_NODE2: `127.0.0.1:${nodePorts[1]}`,
    };
    const child = spawn(HAPROXY_BIN, ['-db', '-f', CONFIG], { env, stdio: 'pipe' });
    let failed: Error | undefined;
    child.once('error', (err) => {
      failed = new Error(`cannot start ${HAPROXY_BIN} (apt-get install -y haproxy): ${err.message}`);
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const h = new Haproxy(child, port, dir, exited);
    await waitFor(
      async () => {
        if (failed) throw failed;
        return (await h.command('show servers state parley')).includes('node2');
      },
      { timeoutMs: 15_000, what: 'haproxy to start', intervalMs: 50 },
    );
    return h;
  }

  /** One command on the admin socket; resolves with the answer ('' while the socket is not there yet). */
  command(line: string): Promise<string> {
    return new Promise((done) => {
      const s = net.connect(join(this.dir, 'admin.sock'));
      let out = '';
      s.on('data', (c: Buffer) => {
        out += c.toString();
      });
      s.on('error', () => done(''));
      s.on('close', () => done(out));
      s.on('connect', () => s.end(`${line}\n`));
    });
  }

  /** Closes every connection of node `index` (0-based): its clients reconnect and leastconn spreads them. */
  async rebalance(index: number): Promise<void> {
    await this.command(`shutdown sessions server parley/node${index + 1}`);
  }

  async close(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
