import { type Socket, connect } from 'node:net';
import { ROUTES } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps, makeApp, within } from './support/app.ts';

const sockets: Socket[] = [];
const drips: NodeJS.Timeout[] = [];
afterEach(async () => {
  for (const d of drips.splice(0)) clearInterval(d);
  for (const s of sockets.splice(0)) s.destroy();
  await cleanupApps();
});

/**
 * A request that announces a huge body, which the server answers before reading it, and then sends that body one
 * byte every `everyMs` (the attack sends one every 20 s, under every idle timeout). Resolves with what the server
 * wrote once the server closes the connection; `answered` resolves at the first byte of the answer.
 */
function earlyAnswered(port: number, head: string, everyMs: number, localAddress = '127.0.0.1') {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  socket.on('error', () => undefined);
  let answer = '';
  let onAnswer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    onAnswer = resolve;
  });
  socket.on('data', (chunk) => {
    answer += chunk.toString();
    onAnswer();
  });
  // The drip starts once the head is written: a byte queued before it would be read as the method.
  let drip: NodeJS.Timeout | undefined;
  socket.once('connect', () => {
    socket.write(`${head}Content-Length: 1000000000\r\n\r\nx`);
    drip = setInterval(() => socket.writable && socket.write('x'), everyMs);
    drips.push(drip);
  });
  const closed = new Promise<string>((resolve) =>
    socket.once('close', () => {
      clearInterval(drip);
      resolve(answer);
    }),
  );
  return { socket, answered, closed };
}

const HEALTH = `GET ${ROUTES.health} HTTP/1.1\r\nHost: x\r\n`;
const UPLOAD = 'POST /api/v1/uploads/image HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n';

async function listen(env: Record<string, string>): Promise<number> {
  const { app } = await makeApp({
    env: { PARLEY_REQUEST_TIMEOUT_MS: '1000', PARLEY_HEADERS_TIMEOUT_MS: '500', ...env },
  });
  return Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
}

describe('a body that trickles in after the answer (ABU1, ABU2)', () => {
  it('ABU1 GET /healthz announcing 1 GB and sending a byte at a time is answered, then closed by the server', async () => {
    const port = await listen({});
    const slow = earlyAnswered(port, HEALTH, 50);
    const answer = await within(slow.closed, 60_000, 'the server to close the connection after its answer');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it('ABU1 an unauthenticated upload answered 401 is closed by the server, though the upload timeout is an hour', async () => {
    const port = await listen({ PARLEY_UPLOAD_TIMEOUT_MS: '3600000' });
    const slow = earlyAnswered(port, UPLOAD, 50);
    const answer = await within(slow.closed, 60_000, 'the server to close the connection after its 401');
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
  });

  it('ABU2 LIM2 slow bodies filling every connection from one address do not keep a fresh client out for long', async () => {
    const port = await listen({ PARLEY_MAX_CONNECTIONS: '30', PARLEY_MAX_CONNECTIONS_PER_IP: '0' });
    const flood = Array.from({ length: 30 }, () => earlyAnswered(port, HEALTH, 50, '127.0.0.2'));
    // Every flood connection was let in and answered: the server is full.
    await within(Promise.all(flood.map((f) => f.answered)), 60_000, 'the flood to be answered');
    const served = async (): Promise<number> => {
      try {
        return (await fetch(`http://127.0.0.1:${port}${ROUTES.health}`)).status;
      } catch {
        return 0;
      }
    };
    await expect.poll(served, { timeout: 20_000, interval: 100 }).toBe(200);
    await within(Promise.all(flood.map((f) => f.closed)), 60_000, 'every flood connection to be closed');
  });
});
