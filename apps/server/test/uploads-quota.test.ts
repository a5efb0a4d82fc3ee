import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS, type UploadResult } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps, makeApp, tempDir } from './support/app.ts';
import { KINDS, makeChat } from './support/messaging.ts';
import { jpegWithGps, pdf, upload } from './support/uploads.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await cleanupApps();
});

const KB = 1024;
/** A file upload of about `kb` KB (a PDF head, then zeros; each call's bytes differ so nothing is shared). */
let serial = 0;
const fileOf = (kb: number): Buffer => {
  serial += 1;
  return Buffer.concat([pdf(), Buffer.from(`#${serial}#`), Buffer.alloc(kb * KB)]);
};

/** Files under a directory of the upload store (objects, records, staging). */
function filesUnder(dataDir: string, sub: string): string[] {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : [e.name],
      );
    } catch {
      return [];
    }
  };
  return walk(join(dataDir, 'uploads', sub));
}

const imageMessage = (image: UploadResult) => ({
  type: 'TIMImageElem' as const,
  payload: { imageFormat: image.imageFormat, uuid: image.uuid, imageInfoArray: image.imageInfoArray },
});

describe.each(KINDS)('upload quota and deletion (%s)', (kind) => {
  const open = async (env: Record<string, string> = {}) => {
    const dataDir = tempDir();
    const c = await makeChat(kind, ['amy', 'bob'], { dataDir, env: { PARLEY_RATE_SENDS: '0', ...env } });
    closers.push(c.close);
    const up = (as: string, bytes: Buffer, k: 'file' | 'image' = 'file', name = 'f.pdf') =>
      upload(c.app, c.sigs[as], k, bytes, name);
    return { ...c, dataDir, up };
  };

  it('ABU6 a declared length past the quota is refused before the body is read; one that streams past it is cut, nothing kept', async () => {
    const c = await open({ PARLEY_UPLOAD_QUOTA_MB: '1' });
    const first = await c.up('amy', fileOf(600));
    expect(first.status).toBe(200);
    const objects = filesUnder(c.dataDir, 'objects').length;
    // 600 KB more cannot fit in the 424 KB left, whatever the multipart framing.
    const declared = await c.up('amy', fileOf(600));
    expect(declared.status).toBe(413);
    expect(declared.json.code).toBe(ERRORS.UPLOAD_QUOTA_EXCEEDED.code);
    // 470 KB passes the declared check (framing slack) but not the bytes counted as they arrive.
    const streamed = await c.up('amy', fileOf(470));
    expect(streamed.status).toBe(413);
    expect(streamed.json.code).toBe(ERRORS.UPLOAD_QUOTA_EXCEEDED.code);
    expect(filesUnder(c.dataDir, 'objects')).toHaveLength(objects);
    // The 413 goes out as soon as the count passes the quota (ABU6); the cut upload's staging file is removed as its
    // stream closes, a moment later.
    await expect.poll(() => filesUnder(c.dataDir, 'staging')).toEqual([]);
    // Another user has a quota of their own.
    expect((await c.up('bob', fileOf(600))).status).toBe(200);
    // Deleting the unsent upload frees its room at once.
    expect((await c.del('amy', first.json.url)).status).toBe(200);
    expect((await c.up('amy', fileOf(470))).status).toBe(200);
  });

  it('ABU7 only the uploader deletes an upload, only while no message refers to it; then it is gone', async () => {
    const c = await open();
    const file = (await c.up('amy', fileOf(1))).json;
    const same = (await c.up('amy', Buffer.from('%PDF-1.4 shared bytes'))).json;
    const twin = (await c.up('amy', Buffer.from('%PDF-1.4 shared bytes'))).json;
    expect((await c.del('bob', file.url)).status).toBe(404);
    expect((await c.del('amy', '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await c.del('amy', file.url)).status).toBe(200);
    expect((await c.get('amy', file.url)).status).toBe(404);
    expect((await c.del('amy', file.url)).status).toBe(404);
    // The same bytes stored once for two uploads: deleting one leaves the other whole.
    expect((await c.del('amy', same.url)).status).toBe(200);
    expect((await c.app.inject({ method: 'GET', url: twin.url })).body).toBe('%PDF-1.4 shared bytes');
  });

  it('ABU8 ABU7 a sent image (all three sizes) and a file named in cloudCustomData cannot be deleted', async () => {
    const c = await open();
    const image = (await c.up('amy', await jpegWithGps(400, 300), 'image', 'p.jpg')).json;
    const file = (await c.up('amy', fileOf(1))).json;
    expect((await c.send('amy', 'bob', imageMessage(image))).status).toBe(200);
    const reply = { cloudCustomData: JSON.stringify({ attachment: `https://chat.example${file.url}` }) };
    expect((await c.send('amy', 'bob', reply)).status).toBe(200);
    for (const info of image.imageInfoArray ?? []) {
      const res = await c.del('amy', info.url);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe(ERRORS.UPLOAD_IN_USE.code);
    }
    expect((await c.del('amy', file.url)).json.code).toBe(ERRORS.UPLOAD_IN_USE.code);
    expect((await c.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
  });

  it('ABU5 uploads per user per minute: past the burst, 429 60007 with Retry-After', async () => {
    const c = await open({ PARLEY_UPLOAD_RATE_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i += 1) expect((await c.up('amy', fileOf(1))).status).toBe(200);
    const res = await c.app.inject({
      method: 'POST',
      url: '/api/v1/uploads/file',
      headers: { authorization: `Bearer ${c.sigs.amy}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json<{ code: number }>().code).toBe(ERRORS.RATE_LIMITED.code);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await c.up('bob', fileOf(1))).status).toBe(200);
  });
});

describe('upload sweep and ledger (sqlite)', () => {
  it('ABU9 unsent uploads older than PARLEY_UPLOAD_SWEEP_AFTER_S are swept with the housekeeping; sent ones stay', async () => {
    let now = Date.UTC(2026, 10, 1);
    const clock = { now: () => now };
    const dataDir = tempDir();
    const c = await makeChat('sqlite', ['amy', 'bob'], {
      dataDir,
      env: { PARLEY_UPLOAD_SWEEP_AFTER_S: '60', PARLEY_HOUSEKEEPING_MS: '100' },
      overrides: { clock },
    });
    closers.push(c.close);
    const unsent = (await upload(c.app, c.sigs.amy, 'file', fileOf(1), 'u.pdf')).json;
    const sent = (await upload(c.app, c.sigs.amy, 'file', fileOf(1), 's.pdf')).json;
    const file = { fileUrl: sent.url, uuid: sent.uuid, fileName: 's.pdf', fileSize: sent.size };
    expect((await c.send('amy', 'bob', { type: 'TIMFileElem' as const, payload: file })).status).toBe(200);
    const fresh = (await upload(c.app, c.sigs.amy, 'file', fileOf(1), 'f.pdf')).json;
    now += 61_000;
    const young = (await upload(c.app, c.sigs.amy, 'file', fileOf(1), 'y.pdf')).json;
    const status = async (url: string) => (await c.app.inject({ method: 'GET', url })).statusCode;
    await expect.poll(() => status(unsent.url), { timeout: 20_000, interval: 100 }).toBe(404);
    await expect.poll(() => status(fresh.url), { timeout: 20_000, interval: 100 }).toBe(404);
    expect(await status(sent.url)).toBe(200);
    expect(await status(young.url)).toBe(200);
  });

  it('ABU6 ABU7 files stored before the ledger are counted in their owner quota and kept (a message may show them)', async () => {
    const dataDir = tempDir();
    const first = await makeApp({ dataDir });
    const { createUser, userSigFor } = await import('./support/app.ts');
    await createUser(first.app, { userID: 'amy' });
    const old = (await upload(first.app, await userSigFor(first.app, 'amy'), 'file', fileOf(600), 'o.pdf')).json;
    // As before migration 0021: no ledger rows.
    const { sql } = await import('../src/storage/migrations.ts');
    const db = (first.app.parley.domain.storage as unknown as { db: Parameters<ReturnType<typeof sql>['execute']>[0] })
      .db;
    await sql`DELETE FROM upload_files`.execute(db);
    await first.app.close();
    const again = await makeApp({ dataDir, env: { PARLEY_UPLOAD_QUOTA_MB: '1' } });
    const sig = await userSigFor(again.app, 'amy');
    const over = await upload(again.app, sig, 'file', fileOf(600), 'n.pdf');
    expect(over.json.code).toBe(ERRORS.UPLOAD_QUOTA_EXCEEDED.code);
    const del = await again.app.inject({ method: 'DELETE', url: old.url, headers: { authorization: `Bearer ${sig}` } });
    expect(del.json<{ code: number }>().code).toBe(ERRORS.UPLOAD_IN_USE.code);
  });
});
