import net from 'node:net';
import { ROUTES } from '@parley/protocol';
import { waitUntil } from '../../reliability/lib/wait.ts';
import { send } from '../lib/http.ts';
import { S7_LIMITS, type Site } from '../lib/servers.ts';
import type { Tally } from '../lib/tally.ts';

interface Dripping {
  socket: net.Socket;
  answer: string;
  closed: boolean;
}

/**
 * Rule ABU1's attack: a request the server answers before its body (announced as 1 GB), whose body then arrives a
 * byte at a time, under every idle timeout. The server must still close the connection.
 */
function dripping(site: Site, head: string, localAddress: string): Dripping {
  const socket = net.connect({ host: '127.0.0.1', port: site.port, localAddress });
  const d: Dripping = { socket, answer: '', closed: false };
  socket.on('error', () => undefined);
  socket.on('data', (chunk) => {
    d.answer += chunk.toString();
  });
  let drip: NodeJS.Timeout | undefined;
  socket.on('close', () => {
    d.closed = true;
    clearInterval(drip);
  });
  // The drip starts after the head: a byte queued before it would be read as the method.
  socket.on('connect', () => {
    socket.write(`${head}Content-Length: 1000000000\r\n\r\nx`);
    drip = setInterval(() => socket.writable && socket.write('x'), 500);
  });
  return d;
}

const HEADS = {
  health: `GET ${ROUTES.health} HTTP/1.1\r\nHost: x\r\n`,
  upload: 'POST /api/v1/uploads/image HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n',
} as const;

/** ABU1, ABU2: early-answered bodies that trickle in are cut, and a fresh client is served meanwhile. */
export async function earlyAnswerFlood(t: Tally, site: Site, perKind: number): Promise<void> {
  const flood = Object.values(HEADS).flatMap((head) =>
    Array.from({ length: perKind }, () => dripping(site, head, '127.0.0.5')),
  );
  t.tried(flood.length);
  const answered = () => flood.filter((d) => d.answer.startsWith('HTTP/1.1 ')).length;
  await waitUntil(() => answered() === flood.length, { timeoutMs: 30_000, what: 'early answers' });
  t.set('earlyAnswered', `${answered()}/${flood.length}`);
  const fresh = await send({ port: site.port, method: 'GET', path: '/healthz', timeoutMs: 3000 });
  t.check(
    fresh.status === 200,
    'wronglyDenied',
    `/healthz beside early-answered bodies: ${fresh.status || fresh.error}`,
  );
  const held = () => flood.filter((d) => !d.closed).length;
  // The rest of a body has the request timeout after the answer (ABU1); the slack covers a busy machine.
  await waitUntil(() => held() === 0, { timeoutMs: S7_LIMITS.requestTimeoutMs + 8000, what: 'early bodies cut' });
  t.set('earlyHeld', held());
  t.check(held() === 0, 'wronglyAllowed', `${held()} connections still reading a body long after their answer`);
  for (const d of flood) d.socket.destroy();
}
