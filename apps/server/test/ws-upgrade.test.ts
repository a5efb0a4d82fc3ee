import net from 'node:net';
import { ERRORS } from '@parley/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUserSig } from '../src/domain/auth/usersig.ts';
import { SECRET, cleanupApps, makeApp, within } from './support/app.ts';
import { type OpenSocket, openSocket, refusedUpgrade } from './support/ws.ts';

const now = () => Math.floor(Date.now() / 1000);
const PUBLIC_ORIGIN = 'https://chat.example.com';
const opened: OpenSocket[] = [];

afterEach(async () => {
  for (const s of opened.splice(0)) s.ws.terminate();
  await cleanupApps();
});

async function listening(env: Record<string, string> = {}) {
  const { app } = await makeApp({ env: { PARLEY_PUBLIC_ORIGIN: PUBLIC_ORIGIN, ...env } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(address).port);
  const sig = (user: string) => signUserSig(SECRET, user, now(), 600);
  return { app, port, ws: `ws://127.0.0.1:${port}`, sig };
}

/** Sends a hand-written request and resolves with everything the server answered before it closed. */
function rawExchange(port: number, request: string): Promise<string> {
  return within(
    new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    }),
    5000,
    'the server to answer and close',
  );
}

const upgradeRequest = (path: string, headers: Record<string, string>) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

function parseAnswer(raw: string): { status: number; headers: string; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), headers: head.toLowerCase(), body };
}

describe('WebSocket upgrade outside the HTTP request lifecycle', () => {
  it('WS20 a /ws upgrade is accepted without passing through the HTTP app’s router; other upgrades still are', async () => {
    const { app, port, ws, sig } = await listening();
    const routing = vi.spyOn(app, 'routing');
    const socket = await openSocket(`${ws}/ws?userSig=${sig('hana')}`);
    opened.push(socket);
    expect(await socket.next((f) => f.type === 'hello')).toMatchObject({ userID: 'hana' });
    expect(routing).not.toHaveBeenCalled();
    // An upgrade request for an API route is an ordinary request to the app: answered, then closed.
    const api = parseAnswer(
      await rawExchange(port, upgradeRequest('/api/v1/profile', { 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' })),
    );
    expect(routing).toHaveBeenCalledTimes(1);
    expect(api.status).toBe(401);
    expect(JSON.parse(api.body).code).toBe(ERRORS.USERSIG_EMPTY.code);
  });

  it('WS21 refused upgrades are HTTP errors with {code, message} bodies and the security headers', async () => {
    const { port, ws, sig } = await listening();
    const url = `${ws}/ws?userSig=${sig('hana')}`;
    const foreign = await refusedUpgrade(url, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toEqual({
      code: ERRORS.FORBIDDEN_ORIGIN.code,
      message: ERRORS.FORBIDDEN_ORIGIN.message,
    });
    const cases: [string, Record<string, string>, number, number][] = [
      // Token and Origin are checked before the handshake itself, as the route did.
      [`/ws?userSig=${sig('hana')}`, { Origin: 'https://evil.example' }, 403, ERRORS.FORBIDDEN_ORIGIN.code],
      ['/ws?userSig=garbage', { 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' }, 401, ERRORS.USERSIG_CORRUPT.code],
      // A valid token on a malformed handshake: `ws` finds no key; the answer is still {code, message}.
      [`/ws?userSig=${sig('hana')}`, { 'Sec-WebSocket-Version': '13' }, 400, ERRORS.INVALID_PARAMS.code],
    ];
    for (const [path, headers, status, code] of cases) {
      const answer = parseAnswer(await rawExchange(port, upgradeRequest(path, headers)));
      expect(answer.status, path).toBe(status);
      expect(JSON.parse(answer.body).code, path).toBe(code);
      expect(answer.headers).toContain('content-type: application/json');
      expect(answer.headers).toContain('x-content-type-options: nosniff');
      expect(answer.headers).toContain('x-frame-options: deny');
    }
  });

  it('WS22 the token is the one userSig query parameter: repeated, it counts as none (401 70001 as before)', async () => {
    const { ws, sig } = await listening();
    const token = sig('hana');
    const twice = await refusedUpgrade(`${ws}/ws?userSig=${token}&userSig=${token}`);
    expect(twice.status).toBe(401);
    expect(JSON.parse(twice.body).code).toBe(ERRORS.USERSIG_EMPTY.code);
  });

  it('WS23 a plain GET /ws (no upgrade) is a 404 with a {code, message} body', async () => {
    const { app } = await listening();
    const res = await app.inject({ method: 'GET', url: '/ws' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('WS24 LIM2 push sockets count against the per-address connection cap', async () => {
    const { ws, sig } = await listening({ PARLEY_MAX_CONNECTIONS_PER_IP: '2' });
    for (const user of ['hana', 'ivan']) {
      const s = await openSocket(`${ws}/ws?userSig=${sig(user)}`);
      opened.push(s);
      await s.next((f) => f.type === 'hello');
    }
    await expect(openSocket(`${ws}/ws?userSig=${sig('jo')}`)).rejects.toThrow();
  });
});
