import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps, createUser, makeApp, userSigFor, within } from './support/app.ts';

const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await cleanupApps();
});

/**
 * A multipart upload of `chunks` chunks of 1 KB written every `everyMs` on a raw socket (a slow link); resolves with
 * what the server answered when the socket closes, or once an answer arrived.
 */
function trickleUpload(port: number, sig: string, chunks: number, everyMs: number): Promise<string> {
  const boundary = 'parley-slow';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + chunks * 1024 + Buffer.byteLength(tail);
  const socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  socket.on('error', () => undefined);
  let answer = '';
  let sent = 0;
  socket.once('connect', () => {
    socket.write(
      `POST /api/v1/uploads/file HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${sig}\r\nConnection: close\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n${head}`,
    );
  });
  const drip = setInterval(() => {
    if (!socket.writable) return;
    if (sent < chunks) {
      socket.write(Buffer.alloc(1024, 0x61 + (sent % 26)));
      sent += 1;
      if (sent === chunks) socket.write(tail);
    }
  }, everyMs);
  return new Promise((resolve) => {
    socket.on('data', (c) => {
      answer += c.toString();
    });
    socket.once('close', () => {
      clearInterval(drip);
      resolve(answer);
    });
  });
}

describe('upload deadline (UPL24)', () => {
  it('UPL24 LIM1 an upload may take longer than the request timeout, up to the upload timeout; past it, it is dropped', async () => {
    const { app } = await makeApp({
      env: {
        PARLEY_REQUEST_TIMEOUT_MS: '1000',
        PARLEY_HEADERS_TIMEOUT_MS: '500',
        PARLEY_UPLOAD_TIMEOUT_MS: '2500',
      },
    });
    await createUser(app, { userID: 'amy' });
    const sig = await userSigFor(app, 'amy');
    const port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
    // 15 KB over ~1.5 s: past the 1 s request timeout, within the 2.5 s upload timeout.
    const slow = trickleUpload(port, sig, 15, 100);
    // Never finishes: dropped at the upload timeout.
    const endless = trickleUpload(port, sig, 10_000, 100);
    const answer = await within(slow, 60_000, 'the slow upload to be answered');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('/api/v1/files/');
    const cut = await within(endless, 60_000, 'the endless upload to be dropped');
    expect(cut === '' || cut.startsWith('HTTP/1.1 408')).toBe(true);
  });
});
