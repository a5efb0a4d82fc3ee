import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../src/core/http.ts';

// CMP28: the request timeout (seed 001 §9) covers the whole request, the body included. When it fires after the
// headers arrived, the caller hears a timeout (2801) with the reason, never "invalid JSON body" (2800) — on a slow
// machine that misreading made a kit's setMessageRead look like a broken server answer.
let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done) ?? done(undefined));
  server = undefined;
});

/** A real HTTP server on an OS port: headers at once, then the body only after `bodyAfterMs` (or never). */
async function slowBodyServer(bodyAfterMs: number | undefined): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '18' });
    res.flushHeaders();
    if (bodyAfterMs !== undefined) setTimeout(() => res.end('{"readSequence":3}'), bodyAfterMs);
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('CMP28 request timeout while the body arrives', () => {
  it('rejects with 2801 and the reason when the body outlasts the timeout', async () => {
    const baseURL = await slowBodyServer(undefined);
    const http = new HttpClient({ baseURL, fetch, getToken: () => '', timeoutMs: 300 });
    const err = await http.post('/read', {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 2801, data: { status: 200 } });
    expect((err as { data: { reason?: string } }).data.reason).toBeTruthy();
  });

  it('still resolves a body that arrives in time', async () => {
    const baseURL = await slowBodyServer(50);
    const http = new HttpClient({ baseURL, fetch, getToken: () => '', timeoutMs: 5_000 });
    await expect(http.post('/read', {})).resolves.toEqual({ readSequence: 3 });
  });
});
