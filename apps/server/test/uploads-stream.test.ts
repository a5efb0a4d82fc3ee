import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ERRORS } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, cleanupApps, createUser, makeApp, userSigFor } from './support/app.ts';
import { multipart } from './support/uploads.ts';

afterEach(cleanupApps);

async function listening(env: Record<string, string> = {}) {
  const t = await makeApp({ env });
  await createUser(t.app, { userID: 'amy' });
  const sig = await userSigFor(t.app, 'amy');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const files = (sub: string) => {
    try {
      return readdirSync(join(t.dataDir, 'uploads', sub), { recursive: true });
    } catch {
      return [];
    }
  };
  return { ...t, sig, port, files };
}

interface Answer {
  status: number;
  body: string;
  bytesWritten: number;
}

/**
 * Sends a multipart upload over a real socket. `declared` overrides Content-Length; `cutAfter` stops writing after
 * that many body bytes and destroys the socket. Resolves with the answer (status 0 if none came).
 */
function rawUpload(
  port: number,
  sig: string,
  body: Buffer,
  type: string,
  opts: { declared?: number; cutAfter?: number; chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...bearer(sig), 'content-type': type };
    if (!opts.chunked) headers['content-length'] = String(opts.declared ?? body.length);
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/uploads/file',
      headers,
      agent: false,
    });
    let written = 0;
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, bytesWritten: written }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body: text, bytesWritten: written }));
    });
    req.on('error', () => resolve({ status: 0, body: '', bytesWritten: written }));
    const limit = opts.cutAfter ?? body.length;
    const step = 64 * 1024;
    const pump = (): void => {
      while (written < limit) {
        const chunk = body.subarray(written, Math.min(limit, written + step));
        written += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (opts.cutAfter !== undefined) {
        // Give the server the bytes, then drop the connection as a failing network would.
        setImmediate(() => req.destroy());
      } else req.end();
    };
    pump();
  });
}

describe('uploads over a real connection', () => {
  it('UPL4 a declared length over the limit is refused with 413 before the body is read', async () => {
    const t = await listening({ PARLEY_UPLOAD_FILE_MB: '1' });
    // 64 MB declared, but only 1 MB is ever offered: the answer must come without waiting for the rest.
    const { body, type } = multipart(Buffer.alloc(1024 * 1024, 1), 'big.bin');
    const res = await rawUpload(t.port, t.sig, body, type, { declared: 64 * 1024 * 1024 });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).code).toBe(ERRORS.MSG_F_TOO_LARGE.code);
    expect(t.files('objects')).toEqual([]);
    expect(t.files('staging')).toEqual([]);
  });

  it('UPL4 a chunked body is cut off at the limit with 413; nothing stays on disk', async () => {
    const t = await listening({ PARLEY_UPLOAD_FILE_MB: '1' });
    const { body, type } = multipart(Buffer.alloc(3 * 1024 * 1024, 2), 'big.bin');
    const res = await rawUpload(t.port, t.sig, body, type, { chunked: true });
    expect(res.status).toBe(413);
    await expect.poll(() => t.files('staging')).toEqual([]);
    expect(t.files('objects')).toEqual([]);
  });

  it('UPL11 an upload cut half way leaves no file behind and the server keeps serving', async () => {
    const t = await listening();
    const { body, type } = multipart(Buffer.alloc(4 * 1024 * 1024, 3), 'half.bin');
    const res = await rawUpload(t.port, t.sig, body, type, { cutAfter: 2 * 1024 * 1024 });
    expect(res.status).toBe(0);
    await expect.poll(() => t.files('staging')).toEqual([]);
    expect(t.files('objects')).toEqual([]);
    expect(t.files('records')).toEqual([]);
    const { body: ok, type: okType } = multipart(Buffer.from('%PDF-1.4 whole'), 'ok.pdf');
    expect((await rawUpload(t.port, t.sig, ok, okType)).status).toBe(200);
  });
});
