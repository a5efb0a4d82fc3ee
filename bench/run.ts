/**
 * `npm run bench`: one JSON line per benchmark, each with its ratio to a baseline measured in the same
 * run (GUIDE §6). Server pinned to core 0, load generator on core 1 when `taskset` exists.
 * Now: authenticated profile reads over HTTP vs a bare node:http server answering the same JSON.
 * The messaging benchmarks (1:1 send-to-deliver, connects, history pages) arrive with the pipeline.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);
const CONCURRENCY = 32;
const SECRET = 'bench-secret-0123456789abcdef0123456789';
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-c', '1', 'true']);
    return true;
  } catch {
    return false;
  }
})();
if (hasTaskset) execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });

function pinned(cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return hasTaskset
    ? spawn('taskset', ['-c', '0', cmd, ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Closed-loop load: CONCURRENCY keep-alive clients, each sending the next request on the last reply. */
async function load(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ rps: number; p50: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  const end = Date.now() + DURATION_MS;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
          latencies.push(performance.now() - t);
          resolve();
        });
      });
      req.on('error', reject);
    });
  const worker = async () => {
    while (Date.now() < end) await one();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number((latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(2));
  return { rps: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99) };
}

const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ userID: 'u', nick: 'bench', avatar: '', gender: 'Gender_Type_Unknown', selfSignature: '', birthday: 0 });
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); }).listen(Number(process.env.PORT), '127.0.0.1');
`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
  const children: ChildProcess[] = [];
  try {
    const bare = pinned(process.execPath, ['-e', BARE_SERVER], { ...process.env, PORT: '18181' });
    children.push(bare);
    const env = {
      ...process.env,
      PORT: '18182',
      PARLEY_DATA_DIR: dir,
      PARLEY_SECRET: SECRET,
      PARLEY_LOG_LEVEL: 'error',
      PARLEY_DEMO: '1',
    };
    const server = pinned(process.execPath, ['--import', 'tsx', '../apps/server/src/app/main.ts'], env);
    children.push(server);
    await waitFor('http://127.0.0.1:18182/readyz');
    const login = await fetch('http://127.0.0.1:18182/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'zhangwei', password: 'parley123' }),
    });
    const { userSig: token } = (await login.json()) as { userSig: string };
    await load(18181, '/', {});
    const baseline = await load(18181, '/', {});
    await load(18182, '/api/v1/profile', { authorization: `Bearer ${token}` });
    const parley = await load(18182, '/api/v1/profile', { authorization: `Bearer ${token}` });
    const line = {
      benchmark: 'http-profile-read',
      unit: 'requests/s',
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      pinned: hasTaskset,
      parley,
      bareNodeHttp: baseline,
      ratio: Number((parley.rps / baseline.rps).toFixed(3)),
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
