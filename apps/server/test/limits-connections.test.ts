import { type ChildProcess, spawn } from 'node:child_process';
import { type Socket, connect } from 'node:net';
import { ROUTES } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps, makeApp, tempDir, testEnv, within } from './support/app.ts';
import { REPO_ROOT, freePort } from './support/process.ts';

const children: ChildProcess[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await cleanupApps();
});

/** A request that announces a body and then sends it one byte at a time, every `everyMs`, until the server hangs up. */
function slowBody(port: number, localAddress: string, everyMs: number) {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString();
  });
  socket.on('error', () => undefined);
  // The drip starts once the head is written: a byte queued before it would be read as the method (a 400).
  let drip: NodeJS.Timeout | undefined;
  socket.once('connect', () => {
    socket.write(
      `POST ${ROUTES.profiles} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
    );
    drip = setInterval(() => socket.writable && socket.write(' '), everyMs);
  });
  const settled = new Promise<void>((resolve) => {
    socket.once('connect', () => resolve());
    socket.once('close', () => resolve());
  });
  const closed = new Promise<string>((resolve) =>
    socket.once('close', () => {
      clearInterval(drip);
      resolve(answer);
    }),
  );
  return { socket, settled, closed };
}

async function health(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}${ROUTES.health}`);
  return res.status;
}

describe('connection limits', () => {
  it('LIM1 a request whose body trickles in is answered 408 and dropped after PARLEY_REQUEST_TIMEOUT_MS', async () => {
    const { app } = await makeApp({ env: { PARLEY_REQUEST_TIMEOUT_MS: '1000', PARLEY_HEADERS_TIMEOUT_MS: '500' } });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const slow = slowBody(port, '127.0.0.1', 50);
    const answer = await within(slow.closed, 60_000, 'the server to drop the slow request');
    // The 408 can be lost: closing a socket with unread bytes in it makes the kernel reset the connection.
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(await health(port)).toBe(200);
  });

  it('LIM1 a request whose headers never end is dropped after PARLEY_HEADERS_TIMEOUT_MS', async () => {
    const { app } = await makeApp({ env: { PARLEY_REQUEST_TIMEOUT_MS: '5000', PARLEY_HEADERS_TIMEOUT_MS: '500' } });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect({ port: Number(new URL(address).port), host: '127.0.0.1' });
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 50);
    await within(new Promise((resolve) => socket.once('close', resolve)), 60_000, 'the slow headers to be dropped');
    clearInterval(drip);
  });

  it('LIM2 a slow-body flood from one address (300 sockets, the process limited to 256 files) leaves /healthz answering; the flood is capped per address and dropped after the timeout', async () => {
    const port = await freePort();
    const env = {
      ...testEnv(tempDir()),
      PORT: String(port),
      PARLEY_MAX_CONNECTIONS: '150',
      PARLEY_MAX_CONNECTIONS_PER_IP: '50',
      PARLEY_REQUEST_TIMEOUT_MS: '3000',
      PARLEY_HEADERS_TIMEOUT_MS: '1000',
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
    };
    // A low descriptor limit stands for the ~20,000 sockets of the report: without the caps, 300 exhaust it.
    const child = spawn(
      'sh',
      ['-c', 'ulimit -n 256 && exec "$0" --import tsx apps/server/src/app/main.ts', process.execPath],
      {
        cwd: REPO_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    await within(
      new Promise<void>((resolve) => child.stdout?.on('data', () => out.includes('Parley is running') && resolve())),
      120_000,
      'the server to start',
    );
    const flood = Array.from({ length: 300 }, () => slowBody(port, '127.0.0.2', 200));
    let closedEarly = 0;
    for (const f of flood) void f.closed.then(() => (closedEarly += 1));
    await within(Promise.all(flood.map((f) => f.settled)), 60_000, 'the flood to connect');
    // Accepted in order: the health check comes after every flood socket.
    expect(await health(port)).toBe(200);
    await expect.poll(() => closedEarly, { timeout: 40_000 }).toBeGreaterThanOrEqual(250);
    // The ones let in are dropped by the request timeout (their 408 may be lost: the server hangs up on unread bytes).
    await within(Promise.all(flood.map((f) => f.closed)), 60_000, 'every flood socket to be dropped');
    expect(await health(port)).toBe(200);
  });
});

describe('limit settings', () => {
  it('LIM1 LIM2 LIM3 LIM4 LIM5 LIM6 LIM7 LIM8 defaults are the documented numbers', async () => {
    const { loadConfig } = await import('../src/app/config.ts');
    expect(loadConfig({}, '/srv/parley').limits).toEqual({
      requestTimeoutMs: 30_000,
      uploadTimeoutMs: 3_600_000,
      headersTimeoutMs: 10_000,
      idleTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 10_000,
      maxConnectionsPerIp: 1_000,
      wsMaxPerUser: 20,
      wsUserQueueBytes: 4 * 1024 * 1024,
      rates: { send: 20, typing: 5, profileEdit: 5, profileLookup: 200, groupWrite: 5 },
      groups: { maxPerUser: 1000, tipWindowSeconds: 10 },
    });
  });

  it('CFG2 a headers timeout above the request timeout, or a look-up rate that cannot fit one query, stops start-up', async () => {
    const { ConfigError, loadConfig } = await import('../src/app/config.ts');
    const bad = [
      [{ PARLEY_REQUEST_TIMEOUT_MS: '5000', PARLEY_HEADERS_TIMEOUT_MS: '6000' }, 'PARLEY_HEADERS_TIMEOUT_MS:'],
      [{ PARLEY_RATE_PROFILE_LOOKUPS: '10' }, 'PARLEY_RATE_PROFILE_LOOKUPS:'],
      [{ PARLEY_MAX_CONNECTIONS_PER_IP: '-1' }, 'PARLEY_MAX_CONNECTIONS_PER_IP:'],
    ] as const;
    for (const [env, prefix] of bad) {
      expect(() => loadConfig(env, '/srv/parley')).toThrow(ConfigError);
      expect(() => loadConfig(env, '/srv/parley')).toThrow(new RegExp(`^${prefix}`));
    }
  });
});
