import { existsSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { DEFAULT_UPLOAD_LIMITS } from '@parley/protocol';
import { dirname, join } from 'node:path';
import { is2xx, judge, type RawResponse, send } from '../lib/http.ts';
import { type Operation, opName, operations } from '../lib/openapi.ts';
import type { Servers, Site } from '../lib/servers.ts';
import { bearer, createUser, type User } from '../lib/site-api.ts';
import { checkAlive } from '../lib/http.ts';
import { Tally } from '../lib/tally.ts';

/**
 * Hostile uploads. The category finds upload routes in the OpenAPI document (multipart request bodies: one per kind
 * since decision 0016) and tries every case on each; a server without any reports `skipped`.
 */
export interface UploadCase {
  name: string;
  filename: string;
  contentType: string;
  bytes: () => Buffer;
  /** Some cases must be refused outright (too big, not an allowed type). */
  mustRefuse?: boolean;
  /** Only by the routes matching this (a bomb is refused as an image, but any bytes may be sent as a file). */
  refuseOn?: RegExp;
}

const TRAVERSAL_MARK = 'parley-security-traversal';

export const UPLOAD_CASES: UploadCase[] = [
  {
    name: 'SVG with a script',
    filename: 'x.svg',
    contentType: 'image/svg+xml',
    bytes: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>__xss(1)</script></svg>'),
  },
  {
    name: 'HTML named .png',
    filename: 'x.png',
    contentType: 'image/png',
    bytes: () => Buffer.from('<html><script>__xss(2)</script></html>'),
  },
  {
    name: 'HTML declared text/html',
    filename: 'x.html',
    contentType: 'text/html',
    bytes: () => Buffer.from('<script>__xss(3)</script>'),
  },
  {
    name: 'GIF/JS polyglot',
    filename: 'x.gif',
    contentType: 'image/gif',
    bytes: () => Buffer.from('GIF89a/*\x00\x00*/=__xss(4)//;'),
  },
  {
    name: 'path traversal in the file name',
    filename: `../../../${TRAVERSAL_MARK}.png`,
    contentType: 'image/png',
    bytes: () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { name: 'empty file', filename: 'empty.png', contentType: 'image/png', bytes: () => Buffer.alloc(0) },
  {
    // Over every kind's default limit (the file and video limits are 100 MB): refused from Content-Length (UPL4).
    name: 'file over the size limit',
    filename: 'big.bin',
    contentType: 'application/octet-stream',
    bytes: () => Buffer.alloc(DEFAULT_UPLOAD_LIMITS.file + 1024 * 1024),
    mustRefuse: true,
  },
  // Decision 0016's bad-input list.
  {
    name: 'decompression bomb (PNG header claiming 100000×100000)',
    filename: 'bomb.png',
    contentType: 'image/png',
    bytes: bombPng,
    mustRefuse: true,
    refuseOn: /\/image$/,
  },
  {
    // UPL16: an MP4 signature over HTML is no video; only the media routes promise a playable file.
    name: 'MP4/HTML polyglot (ftyp box, then a page)',
    filename: 'clip.mp4',
    contentType: 'video/mp4',
    bytes: () => Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isommp42<html><script>__xss(5)</script></html>', 'latin1'),
    mustRefuse: true,
    refuseOn: /\/(video|audio)$/,
  },
  {
    name: 'control characters in the file name',
    filename: 'a\u0001\u001b[31mb.pdf',
    contentType: 'application/pdf',
    bytes: () => Buffer.from('%PDF-1.4\n'),
    mustRefuse: true,
  },
  {
    name: 'a 10,000-character file name',
    filename: `${'x'.repeat(10_000)}.pdf`,
    contentType: 'application/pdf',
    bytes: () => Buffer.from('%PDF-1.4\n'),
    mustRefuse: true,
  },
];

/** A 1×1 PNG whose header is rewritten to claim 100000×100000 pixels (CRC fixed so decoders read it). */
function bombPng(): Buffer {
  const b = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  b.writeUInt32BE(100_000, 16);
  b.writeUInt32BE(100_000, 20);
  b.writeUInt32BE(crc32(b.subarray(12, 29)), 29);
  return b;
}

function multipart(c: UploadCase): { body: Buffer; type: string } {
  const boundary = `parley${Date.now().toString(36)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${c.filename}"\r\nContent-Type: ${c.contentType}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), c.bytes(), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** Every string in the answer that looks like a URL of the server: where the stored file is served. */
function servedPaths(res: RawResponse): string[] {
  return [...res.text.matchAll(/"(\/[^"\s]+)"/g)].map((m) => m[1] as string).filter((p) => !p.includes('..'));
}

const INLINE_TYPES = /^image\/(png|jpeg|gif|webp)$/;

async function served(t: Tally, site: Site, user: User, c: UploadCase, path: string): Promise<void> {
  const res = await send({ port: site.port, method: 'GET', path, headers: bearer(user.userSig) });
  if (res.status !== 200) return;
  const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
  const attachment = /attachment/i.test(String(res.headers['content-disposition'] ?? ''));
  t.check(res.headers['x-content-type-options'] === 'nosniff', 'wronglyAllowed', `${c.name}: served without nosniff`);
  t.check(INLINE_TYPES.test(type) || attachment, 'wronglyAllowed', `${c.name}: served inline as ${type}`);
}

async function tryCase(t: Tally, site: Site, user: User, op: Operation, c: UploadCase): Promise<void> {
  const { body, type } = multipart(c);
  const res = await send({
    port: site.port,
    method: op.method,
    path: op.template,
    headers: { ...bearer(user.userSig), 'content-type': type },
    body,
    timeoutMs: 30_000,
  });
  const status = judge(t, `${opName(op)} ${c.name}`, res);
  t.tried();
  if (c.mustRefuse && (!c.refuseOn || c.refuseOn.test(op.template)) && is2xx(status))
    t.found('wronglyAllowed', `${c.name} accepted by ${opName(op)}`);
  if (is2xx(status)) for (const path of servedPaths(res)) await served(t, site, user, c, path);
  const escaped = existsSync(join(dirname(site.server.dataDir), `${TRAVERSAL_MARK}.png`));
  t.check(!escaped, 'wronglyAllowed', `${c.name}: a file was written outside the data directory`);
}

export async function runS5(seed: number, servers: Servers): Promise<Tally> {
  const t = new Tally('S5', seed);
  const site = await servers.need('default');
  const uploads = (await operations(site)).filter((op) => op.bodyTypes.some((b) => b.startsWith('multipart/')));
  t.set('cases', UPLOAD_CASES.length);
  if (uploads.length === 0) {
    t.r.skipped = 'no upload route yet (uploads arrive with decision 0016): no multipart operation in /openapi.json';
    return t;
  }
  // A user per upload route: every case of a route fits in one user's upload rate (ABU5), so each is judged.
  for (const [i, op] of uploads.entries()) {
    const user = await createUser(site, `s5uploader${i}`);
    for (const c of UPLOAD_CASES) await tryCase(t, site, user, op, c);
  }
  await checkAlive(t, site);
  return t;
}
