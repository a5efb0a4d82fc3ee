import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { type TestUser, row } from './chat-support.ts';
import { E2E_ADMIN_KEY } from './e2e-env.ts';

/**
 * Helpers of the call tests (decision 0039): a spy on the page's RTCPeerConnections so the test can read their
 * statistics, the bytes each side received, and a coturn (and a Parley server using it) started on free ports.
 */

/** Keeps every RTCPeerConnection the page makes in `window.__parleyPCs` (the call code is not changed). */
export async function spyPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const list: RTCPeerConnection[] = [];
    (window as unknown as { __parleyPCs: RTCPeerConnection[] }).__parleyPCs = list;
    class Spied extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        list.push(this);
      }
    }
    window.RTCPeerConnection = Spied;
  });
}

export interface Received {
  /** Per open connection: audio and video bytes received, and the local candidate type of the pair in use. */
  peers: { audioIn: number; videoIn: number; candidate: string; policy: string }[];
}

/** Bytes received on each open peer connection of the page, from getStats. */
export async function received(page: Page): Promise<Received> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __parleyPCs: RTCPeerConnection[] }).__parleyPCs ?? [];
    const peers = [];
    for (const pc of pcs) {
      if (pc.connectionState === 'closed') continue;
      const stats = await pc.getStats();
      let audioIn = 0;
      let videoIn = 0;
      let pairID = '';
      const byID = new Map<string, Record<string, unknown>>();
      stats.forEach((s: Record<string, unknown>) => {
        byID.set(String(s.id), s);
        if (s.type === 'inbound-rtp') {
          if (s.kind === 'video') videoIn += Number(s.bytesReceived ?? 0);
          else audioIn += Number(s.bytesReceived ?? 0);
        }
        if (s.type === 'transport' && s.selectedCandidatePairId) pairID = String(s.selectedCandidatePairId);
      });
      const pair = byID.get(pairID);
      const local = pair ? byID.get(String(pair.localCandidateId)) : undefined;
      peers.push({
        audioIn,
        videoIn,
        candidate: String(local?.candidateType ?? ''),
        policy: pc.getConfiguration().iceTransportPolicy ?? '',
      });
    }
    return { peers };
  });
}

/** Waits until each of `count` open connections of the page received more audio and video than at `before`. */
export async function expectMediaFlowing(page: Page, count: number): Promise<Received> {
  const before = await received(page);
  let now = before;
  await expect
    .poll(
      async () => {
        now = await received(page);
        if (now.peers.length !== count) return `connections ${now.peers.length}`;
        const grew = now.peers.every(
          (p, i) => p.audioIn > (before.peers[i]?.audioIn ?? 0) && p.videoIn > (before.peers[i]?.videoIn ?? 0),
        );
        return grew ? 'flowing' : JSON.stringify(now.peers);
      },
      { timeout: 60_000 },
    )
    .toBe('flowing');
  return now;
}

/** Opens the one-to-one conversation with `peer` from the list (it exists once a message was exchanged). */
export async function openConversation(page: Page, peer: TestUser): Promise<void> {
  await row(page, peer).click();
  await expect(page.getByTestId('chat-title')).toHaveText(peer.nick);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function untilListening(port: number, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not listen on ${port}`);
}

export interface Coturn {
  port: number;
  secret: string;
  stop(): void;
  /** Kills the relay (every allocation goes: the media path through it is cut). */
  pause(): Promise<void>;
  /** Starts it again on the same port with the same secret. */
  resume(): Promise<void>;
}

/**
 * coturn (`/usr/bin/turnserver`, Debian package coturn) on loopback, on a free port, from a temporary configuration:
 * the TURN REST scheme with a fresh secret, as docs/deploy/turnserver.conf has it, but allowing loopback peers (both
 * browsers are on this machine).
 */
export async function startCoturn(): Promise<Coturn> {
  const port = await freePort();
  const secret = `turn-e2e-${Math.random().toString(36).slice(2)}-secret`;
  const dir = mkdtempSync(join(tmpdir(), 'parley-coturn-'));
  const config = join(dir, 'turnserver.conf');
  writeFileSync(
    config,
    [
      'use-auth-secret',
      `static-auth-secret=${secret}`,
      'realm=parley.test',
      `listening-port=${port}`,
      'listening-ip=127.0.0.1',
      'relay-ip=127.0.0.1',
      'fingerprint',
      'no-cli',
      'no-tls',
      'no-dtls',
      'allow-loopback-peers',
      'no-multicast-peers',
      `pidfile=${join(dir, 'turnserver.pid')}`,
      `userdb=${join(dir, 'turndb')}`,
      'log-file=stdout',
      'simple-log',
      '',
    ].join('\n'),
  );
  let child = await spawnCoturn(config, port);
  return {
    port,
    secret,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    pause: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    resume: async () => {
      child = await spawnCoturn(config, port);
    },
  };
}

async function spawnCoturn(config: string, port: number): Promise<ChildProcess> {
  const child = spawn('/usr/bin/turnserver', ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (b: Buffer) => {
    log += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    log += b.toString();
  });
  try {
    await untilListening(port, child, 'turnserver');
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${log.slice(-2000)}`);
  }
  return child;
}

export interface CallServer {
  url: string;
  stop(): Promise<void>;
  /** Stops the process (SIGTERM, waits for its exit) and starts it again on the same port and data directory. */
  restart(): Promise<void>;
}

/** A Parley server of its own (its own data directory), with the given extra environment (TURN settings). */
export async function startParley(env: Record<string, string>): Promise<CallServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'parley-calls-'));
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PARLEY_DATA_DIR: dir,
    PARLEY_SECRET: 'e2e-secret-0123456789abcdef',
    PARLEY_ADMIN_KEY: E2E_ADMIN_KEY,
    PARLEY_DEMO: '0',
    ...env,
  };
  let child = await spawnParley(childEnv, port);
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    restart: async () => {
      await stop();
      child = await spawnParley(childEnv, port);
    },
  };
}

async function spawnParley(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '../../apps/server/src/app/main.ts'], {
    cwd: new URL('.', import.meta.url).pathname,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (b: Buffer) => {
    log += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    log += b.toString();
  });
  try {
    await untilListening(port, child, 'parley');
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${log.slice(-2000)}`);
  }
  return child;
}
