import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS, type UploadKind } from '@parley/protocol';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps, createUser, makeApp, type MakeAppOptions, userSigFor } from './support/app.ts';
import { box, ftyp, jpegWithGps, mp4, ogg, pdf, png, pngClaiming, upload, zip } from './support/uploads.ts';

afterEach(cleanupApps);

/** Every file under the data directory's upload store (objects and records), to prove nothing was stored. */
function storedFiles(dataDir: string): string[] {
  const root = join(dataDir, 'uploads');
  const walk = (dir: string): string[] => {
    let entries: import('node:fs').Dirent[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  };
  return walk(root);
}

async function setup(options: MakeAppOptions = {}) {
  const t = await makeApp(options);
  await createUser(t.app, { userID: 'amy' });
  const sig = await userSigFor(t.app, 'amy');
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  return {
    ...t,
    sig,
    get,
    up: (kind: UploadKind, bytes: Buffer, name?: string, type?: string) => upload(t.app, sig, kind, bytes, name, type),
  };
}

describe('upload service', () => {
  it('UPL1 an upload needs a valid userSig; nothing is stored without one', async () => {
    const t = await setup();
    for (const sig of [undefined, 'forged.token']) {
      const res = await upload(t.app, sig, 'file', pdf(), 'a.pdf');
      expect(res.status).toBe(401);
    }
    expect(storedFiles(t.dataDir)).toEqual([]);
  });

  it('UPL3 UPL4 the kind is decided from the bytes: SVG, HTML and a PDF named .png are not images', async () => {
    const t = await setup();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [bytes, name, type] of [
      [svg, 'x.svg', 'image/svg+xml'],
      [html, 'x.png', 'image/png'],
      [pdf(), 'x.jpg', 'image/jpeg'],
    ] as const) {
      const res = await t.up('image', bytes, name, type);
      expect(res.status).toBe(415);
      expect(res.json.code).toBe(ERRORS.MSG_I_TYPE_NOT_ALLOWED.code);
    }
    expect((await t.up('video', await png(), 'x.mp4', 'video/mp4')).json.code).toBe(ERRORS.MSG_V_TYPE_NOT_ALLOWED.code);
    expect((await t.up('audio', pdf(), 'x.mp3', 'audio/mpeg')).json.code).toBe(ERRORS.UNSUPPORTED_VOICE_FORMAT.code);
    expect(storedFiles(t.dataDir)).toEqual([]);
  });

  it('UPL3 UPL5 a file upload takes anything; HTML is served as an attachment of type octet-stream, never inline', async () => {
    const t = await setup();
    const res = await t.up('file', Buffer.from('<html><script>alert(1)</script></html>'), 'page.html', 'text/html');
    expect(res.status).toBe(200);
    expect(res.json.type).toBe('application/octet-stream');
    const served = await t.get(res.json.url);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="page.html"/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('UPL4 each kind accepts its formats: PDF and ZIP as files, MP4 as video, Ogg and WebM as audio', async () => {
    const t = await setup();
    const cases: [UploadKind, Buffer, string][] = [
      ['file', pdf(), 'application/pdf'],
      ['file', zip(), 'application/zip'],
      ['video', mp4(), 'video/mp4'],
      ['audio', ogg(), 'audio/ogg'],
      ['audio', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)]), 'audio/webm'],
    ];
    for (const [kind, bytes, type] of cases) {
      const res = await t.up(kind, bytes, `x.${kind}`);
      expect(res.status, `${kind} ${type}`).toBe(200);
      expect(res.json.type).toBe(type);
      expect(res.json.size).toBe(bytes.length);
    }
  });

  it('UPL16 an MP4 or MOV must be one: the real fixture passes, a signature over junk or a broken box chain is refused', async () => {
    const t = await setup();
    const real = readFileSync(new URL('../../../tests/fixtures/clip-160x120-2s.mp4', import.meta.url));
    const ok = await t.up('video', real, 'clip.mp4', 'video/mp4');
    expect(ok.status).toBe(200);
    expect(ok.json.type).toBe('video/mp4');
    const stored = storedFiles(t.dataDir).length;
    const cut = real.subarray(0, real.length - 100);
    const bad: [UploadKind, Buffer][] = [
      ['video', Buffer.concat([ftyp(), Buffer.from('<html><script>alert(1)</script></html>')])],
      ['video', Buffer.concat([ftyp(), box('mdat', 64)])],
      ['video', Buffer.concat([cut, Buffer.from('x')])],
      ['video', Buffer.concat([ftyp(), box('moov', 8), Buffer.from([0, 0, 0, 4, 0x6d, 0x64, 0x61, 0x74])])],
      ['audio', Buffer.concat([box('ftyp', Buffer.from('M4A \0\0\0\0', 'latin1')), Buffer.alloc(64)])],
    ];
    for (const [kind, bytes] of bad) {
      const res = await t.up(kind, bytes, 'x.mp4', 'video/mp4');
      expect(res.status, `${kind} ${bytes.length}`).toBe(415);
      const code = kind === 'video' ? ERRORS.MSG_V_TYPE_NOT_ALLOWED.code : ERRORS.UNSUPPORTED_VOICE_FORMAT.code;
      expect(res.json.code).toBe(code);
    }
    expect(storedFiles(t.dataDir)).toHaveLength(stored);
    // As a plain file the same bytes are accepted: only media kinds promise a playable file.
    expect((await t.up('file', Buffer.concat([ftyp(), box('mdat', 64)]), 'x.mp4')).status).toBe(200);
  });

  it('UPL4 per-kind size limits come from the configuration; an empty file is refused', async () => {
    const t = await setup({ env: { PARLEY_UPLOAD_FILE_MB: '1', PARLEY_UPLOAD_IMAGE_MB: '1' } });
    const over = Buffer.alloc(1024 * 1024 + 1, 7);
    const res = await t.up('file', over, 'big.bin');
    expect(res.status).toBe(413);
    expect(res.json.code).toBe(ERRORS.MSG_F_TOO_LARGE.code);
    expect((await t.up('file', over.subarray(1), 'ok.bin')).status).toBe(200);
    const empty = await t.up('file', Buffer.alloc(0), 'empty.bin');
    expect([empty.status, empty.json.code]).toEqual([400, ERRORS.MSG_F_IS_EMPTY.code]);
  });

  it('UPL5 UPL7 media are served inline with type, length, long caching and ETag; ranges answer 206 and 416', async () => {
    const t = await setup();
    const video = mp4(10_000);
    const { json } = await t.up('video', video, 'clip.mp4');
    const whole = await t.get(json.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-length']).toBe('10000');
    expect(whole.headers['content-disposition']).toBeUndefined();
    expect(whole.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await t.get(json.url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const tail = await t.get(json.url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(video.subarray(9990))).toBe(true);
    const open = await t.get(json.url, { range: 'bytes=9995-' });
    expect(open.headers['content-range']).toBe('bytes 9995-9999/10000');
    const beyond = await t.get(json.url, { range: 'bytes=20000-' });
    expect(beyond.statusCode, beyond.body).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */10000');
    const again = await t.get(json.url, { 'if-none-match': String(whole.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('UPL6 file URLs are 128-bit random IDs: a guessed ID, the content hash or a path finds nothing', async () => {
    const t = await setup();
    const a = await t.up('file', pdf(), 'a.pdf');
    const b = await t.up('file', pdf(), 'b.pdf');
    expect(a.json.url).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9_-]{22}$/);
    expect(a.json.url).not.toBe(b.json.url);
    const etag = String((await t.get(a.json.url)).headers.etag).replaceAll('"', '');
    for (const guess of ['AAAAAAAAAAAAAAAAAAAAAA', etag, '..%2F..%2Fsecret', a.json.uuid.slice(0, 21)]) {
      const res = await t.get(`/api/v1/files/${guess}`);
      expect(res.statusCode, guess).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // The same bytes under two names: two IDs, two download names, one stored object.
    expect((await t.get(b.json.url)).headers['content-disposition']).toContain('b.pdf');
  });

  it('UPL8 an image gets its size, a ≤720 px preview and a ≤198 px thumbnail, none with EXIF or GPS', async () => {
    const t = await setup();
    const original = await jpegWithGps(1600, 1200);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await t.up('image', original, 'photo.jpg', 'application/octet-stream');
    expect(res.status).toBe(200);
    const infos = res.json.imageInfoArray ?? [];
    expect(infos.map((i) => [i.sizeType, i.width, i.height])).toEqual([
      [1, 1600, 1200],
      [2, 720, 540],
      [3, 198, 149],
    ]);
    expect(res.json.imageFormat).toBe(1);
    for (const info of infos) {
      const served = await t.get(info.url);
      expect(served.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([info.width, info.height]);
      expect(meta.exif, `sizeType ${info.sizeType}`).toBeUndefined();
      expect(served.rawPayload.includes('ParleyCam')).toBe(false);
      expect(info.size).toBe(served.rawPayload.length);
    }
    const small = await t.up('image', await png(64, 48), 'small.png');
    expect(small.json.imageInfoArray?.map((i) => [i.width, i.height])).toEqual([
      [64, 48],
      [64, 48],
      [64, 48],
    ]);
  });

  it('UPL9 a decompression bomb is refused from its header, before decoding; the configured pixel limit holds', async () => {
    const t = await setup({ env: { PARLEY_UPLOAD_IMAGE_MEGAPIXELS: '1' } });
    const bomb = await t.up('image', await pngClaiming(100_000, 100_000), 'bomb.png');
    expect([bomb.status, bomb.json.code]).toEqual([413, ERRORS.MSG_I_TOO_MANY_PIXELS.code]);
    const big = await t.up('image', await png(1200, 1000), 'big.png');
    expect(big.json.code).toBe(ERRORS.MSG_I_TOO_MANY_PIXELS.code);
    expect((await t.up('image', await png(1000, 1000), 'ok.png')).status).toBe(200);
  });

  it('UPL10 file names that are paths, hold control characters or run to 10,000 characters are refused; nothing stored', async () => {
    const t = await setup();
    for (const name of [
      '../../x.pdf',
      '..\\..\\x.pdf',
      '/etc/passwd',
      'a\u0001b.pdf',
      'a\u007fb.pdf',
      'x'.repeat(10_000),
    ]) {
      const res = await t.up('file', pdf(), name);
      expect(res.status, JSON.stringify(name.slice(0, 20))).toBe(400);
      expect(res.json.code).toBe(ERRORS.INVALID_PARAMS.code);
    }
    expect(storedFiles(t.dataDir)).toEqual([]);
    const cjk = await t.up('file', pdf(), '简历 (final).pdf');
    expect(cjk.json.name).toBe('简历 (final).pdf');
    expect((await t.get(cjk.json.url)).headers['content-disposition']).toContain(
      "filename*=UTF-8''%E7%AE%80%E5%8E%86%20%28final%29.pdf",
    );
  });

  it('UPL14 polyglots: a GIF/JS polyglot is no image; a JPEG with HTML appended is re-encoded without it', async () => {
    const t = await setup();
    const gifJs = await t.up('image', Buffer.from('GIF89a/*\x00\x00*/=alert(4)//;'), 'x.gif');
    expect(gifJs.status).toBe(415);
    const jpegHtml = Buffer.concat([await jpegWithGps(50, 50), Buffer.from('<html><script>alert(5)</script></html>')]);
    const res = await t.up('image', jpegHtml, 'x.jpg');
    expect(res.status).toBe(200);
    for (const info of res.json.imageInfoArray ?? []) {
      expect((await t.get(info.url)).rawPayload.includes('<script>')).toBe(false);
    }
  });
});
