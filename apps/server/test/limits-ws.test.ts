import { afterEach, describe, expect, it, vi } from 'vitest';
import type WebSocket from 'ws';
import type { BusMessage, EventBus } from '../src/domain/bus.ts';
import { cleanupApps, within } from './support/app.ts';
import { makeChat } from './support/messaging.ts';
import { type OpenSocket, openSocket } from './support/ws.ts';

afterEach(cleanupApps);

async function listening(env: Record<string, string> = {}, logStream?: { write: (line: string) => void }) {
  const c = await makeChat('sqlite', ['amy', 'bob'], { env, overrides: logStream ? { logStream } : {} });
  const address = await c.app.listen({ port: 0, host: '127.0.0.1' });
  const url = (user: string) => `${address.replace('http', 'ws')}/ws?userSig=${encodeURIComponent(c.sigs[user] ?? '')}`;
  return { ...c, url };
}

/** The app's bus as the transport sees it: these tests push probe events no feature defines. */
const probeBus = (c: Awaited<ReturnType<typeof listening>>): EventBus<BusMessage> => c.app.parley.domain.bus;

const hello = async (s: OpenSocket) => {
  await s.next((f) => f.type === 'hello');
  return s;
};
const pause = (ws: WebSocket) => (ws as unknown as { _socket: { pause: () => void } })._socket.pause();
const resume = (ws: WebSocket) => (ws as unknown as { _socket: { resume: () => void } })._socket.resume();

describe('push socket limits', () => {
  it('LIM3 a user gets at most PARLEY_WS_MAX_PER_USER sockets; the next is closed with 4029, others unaffected', async () => {
    const c = await listening({ PARLEY_WS_MAX_PER_USER: '3' });
    const tabs = await Promise.all([1, 2, 3].map(async () => hello(await openSocket(c.url('bob')))));
    const extra = await openSocket(c.url('bob'));
    expect(await within(extra.closed, 5000, 'the extra socket to close')).toBe(4029);
    expect(extra.frames).toEqual([]);
    await hello(await openSocket(c.url('amy')));
    tabs[0]?.ws.close();
    await tabs[0]?.closed;
    await expect
      .poll(async () => {
        const again = await openSocket(c.url('bob'));
        return Promise.race([again.next((f) => f.type === 'hello').then(() => 'hello'), again.closed]);
      })
      .toBe('hello');
  });

  it('LIM4 an event is serialised once for all of a user’s sockets', async () => {
    const c = await listening();
    const tabs = await Promise.all([1, 2, 3, 4, 5].map(async () => hello(await openSocket(c.url('bob')))));
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      await probeBus(c).publish('user:bob', { type: 'probe', n: 1 });
      for (const t of tabs) await t.next((f) => f.type === 'event');
      // The frame wraps the event's JSON by concatenation (decision 0020): the event itself is serialised once.
      const serialised = stringify.mock.calls.filter(([v]) => (v as { type?: unknown })?.type === 'probe');
      expect(serialised).toHaveLength(1);
    } finally {
      stringify.mockRestore();
    }
  });

  it('LIM4 what is queued for all of a user’s sockets stays within PARLEY_WS_USER_QUEUE_BYTES; the slowest get 1013', async () => {
    const budget = 256 * 1024;
    const c = await listening({ PARLEY_WS_USER_QUEUE_BYTES: String(budget) });
    const tabs = await Promise.all([1, 2, 3].map(async () => hello(await openSocket(c.url('bob')))));
    for (const t of tabs) pause(t.ws);
    const blob = 'x'.repeat(32 * 1024);
    const server = () => [...c.app.websocketServer.clients];
    let peak = 0;
    for (let i = 0; i < 5000 && server().some((s) => s.readyState === s.OPEN); i += 1) {
      await probeBus(c).publish('user:bob', { type: 'probe', blob });
      await new Promise((resolve) => setImmediate(resolve));
      peak = Math.max(
        peak,
        server().reduce((sum, s) => sum + s.bufferedAmount, 0),
      );
    }
    expect(server().every((s) => s.readyState !== s.OPEN)).toBe(true);
    expect(peak).toBeLessThanOrEqual(budget + blob.length + 1024);
    for (const t of tabs) resume(t.ws);
    expect(await Promise.all(tabs.map((t) => t.closed))).toEqual([1013, 1013, 1013]);
  });

  it('LIM11 a client closed for not reading that reads again later sees 1013, not 1006', async () => {
    const c = await listening();
    const bob = await hello(await openSocket(c.url('bob')));
    pause(bob.ws);
    const blob = 'x'.repeat(32 * 1024);
    const [serverSide] = [...c.app.websocketServer.clients];
    for (let i = 0; i < 5000 && serverSide?.readyState === serverSide?.OPEN; i += 1) {
      await probeBus(c).publish('user:bob', { type: 'probe', blob });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(serverSide?.readyState).toBe(serverSide?.CLOSING);
    // The stimulus, not a wait for a condition: this client is slow and reads again only after a while.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    resume(bob.ws);
    expect(await bob.closed).toBe(1013);
  });

  it('LIM1 a push socket outlives the request and idle timeouts (they apply to HTTP requests only)', async () => {
    const c = await listening({
      PARLEY_REQUEST_TIMEOUT_MS: '1000',
      PARLEY_HEADERS_TIMEOUT_MS: '500',
      PARLEY_IDLE_TIMEOUT_MS: '1000',
      PARLEY_WS_HEARTBEAT_MS: '600',
    });
    const bob = await hello(await openSocket(c.url('bob')));
    // Three server heartbeats span more than both timeouts (and Node's checking interval).
    for (let i = 0; i < 3; i += 1) {
      const seen = bob.frames.length;
      await bob.next((f) => f.type === 'ping' && bob.frames.indexOf(f) >= seen);
    }
    expect(bob.ws.readyState).toBe(bob.ws.OPEN);
  });

  it('LIM9 protocol-level pings count in the frame budget: a ping flood closes with 1008', async () => {
    const c = await listening();
    const bob = await hello(await openSocket(c.url('bob')));
    // One at a time: ws itself cuts a burst of unanswered pings (maxPendingAutoPongs), a paced flood it answers.
    for (let i = 0; i < 300 && bob.ws.readyState === bob.ws.OPEN; i += 1) {
      const answered = new Promise((resolve) => {
        bob.ws.once('pong', resolve);
        bob.ws.once('close', resolve);
      });
      bob.ws.ping();
      await answered;
    }
    expect(await within(bob.closed, 5000, 'the flooding socket to close')).toBe(1008);
    await hello(await openSocket(c.url('bob')));
  });

  it('LIM10 malformed frames are logged without a stack, at most 10 lines a minute, and closed with their code', async () => {
    const lines: Record<string, unknown>[] = [];
    const c = await listening({ PARLEY_LOG_LEVEL: 'debug' }, { write: (l) => lines.push(JSON.parse(l)) });
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const bad = await openSocket(c.url('bob'));
      bad.ws.send(Buffer.from([0xff, 0xfe]), { binary: false });
      codes.push(await bad.closed);
    }
    expect(new Set(codes)).toEqual(new Set([1007]));
    const about = lines.filter((l) => JSON.stringify(l).includes('WS_ERR_'));
    expect(about.length).toBeGreaterThan(0);
    expect(about.length).toBeLessThanOrEqual(10);
    expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(lines.filter((l) => JSON.stringify(l).includes('stack'))).toEqual([]);
  });
});
