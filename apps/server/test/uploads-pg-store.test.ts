import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/app/config.ts';
import type { Database } from '../src/storage/schema.ts';
import { cleanupApps, tempDir } from './support/app.ts';
import { makeChat, pgUrl } from './support/messaging.ts';
import { pdf, png, upload } from './support/uploads.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await cleanupApps();
});

const onDisk = (dataDir: string, sub: string): string[] => {
  try {
    return readdirSync(join(dataDir, 'uploads', sub), { recursive: true }) as string[];
  } catch {
    return [];
  }
};

describe('UPL29 choosing the upload store', () => {
  it('UPL29 PARLEY_UPLOAD_STORE takes auto, disk or pg; s3 is refused with its reason', () => {
    const base = { PARLEY_DATA_DIR: tempDir() };
    expect(loadConfig(base).uploadStore).toBe('auto');
    expect(loadConfig({ ...base, PARLEY_UPLOAD_STORE: 'pg' }).uploadStore).toBe('pg');
    expect(() => loadConfig({ ...base, PARLEY_UPLOAD_STORE: 's3' })).toThrow(
      /PARLEY_UPLOAD_STORE: s3 is not available/,
    );
    expect(() => loadConfig({ ...base, PARLEY_UPLOAD_STORE: 'nfs' })).toThrow(/PARLEY_UPLOAD_STORE/);
  });
});

describe.skipIf(!pgUrl)('uploads in PostgreSQL (PARLEY_UPLOAD_STORE=pg)', () => {
  let now = Date.UTC(2026, 10, 1);
  const open = async (env: Record<string, string> = {}, dataDir = tempDir()) => {
    const c = await makeChat('postgres', ['amy', 'bob'], {
      dataDir,
      env: { PARLEY_UPLOAD_STORE: 'pg', PARLEY_RATE_SENDS: '0', ...env },
      overrides: { clock: { now: () => now } },
    });
    closers.push(c.close);
    const db = (c.app.parley.domain.storage as unknown as { db: Kysely<Database> }).db;
    return { ...c, dataDir, db };
  };

  it('UPL26 UPL28 an image and a file are stored in the database, served whole and by range, nothing on disk', async () => {
    const c = await open();
    const image = await upload(c.app, c.sigs.amy, 'image', await png(300, 200), 'p.png');
    expect(image.status).toBe(200);
    const bytes = Buffer.concat([pdf(), Buffer.alloc(300 * 1024, 9)]);
    const file = await upload(c.app, c.sigs.amy, 'file', bytes, 'doc.pdf');
    expect(file.status).toBe(200);
    const whole = await c.app.inject({ method: 'GET', url: file.json.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await c.app.inject({ method: 'GET', url: file.json.url, headers: { range: 'bytes=262140-262150' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(262_140, 262_151))).toBe(true);
    const thumb = image.json.imageInfoArray?.at(-1)?.url ?? '';
    expect((await c.app.inject({ method: 'GET', url: thumb })).statusCode).toBe(200);
    expect(onDisk(c.dataDir, 'objects')).toEqual([]);
    expect(onDisk(c.dataDir, 'records')).toEqual([]);
    expect((await c.db.selectFrom('file_records').select('id').execute()).length).toBeGreaterThanOrEqual(4);
  });

  it('UPL31 uploads kept on disk before the switch to the database are still served, whole and by range', async () => {
    const before = await open({ PARLEY_UPLOAD_STORE: 'disk' });
    const bytes = Buffer.concat([pdf(), Buffer.alloc(1000, 7)]);
    const old = (await upload(before.app, before.sigs.amy, 'file', bytes, 'old.pdf')).json;
    const diskRecords = onDisk(before.dataDir, 'records').length;
    expect(diskRecords).toBeGreaterThan(0);
    for (const close of closers.splice(0)) await close();
    const after = await open({ PARLEY_UPLOAD_STORE: 'pg' }, before.dataDir);
    const whole = await after.app.inject({ method: 'GET', url: old.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await after.app.inject({ method: 'GET', url: old.url, headers: { range: 'bytes=2-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(2, 10))).toBe(true);
    // New uploads go to the database.
    const fresh = (await upload(after.app, after.sigs.amy, 'file', Buffer.concat([pdf(), Buffer.from('n')]), 'n.pdf'))
      .json;
    expect((await after.app.inject({ method: 'GET', url: fresh.url })).statusCode).toBe(200);
    expect(onDisk(after.dataDir, 'records')).toHaveLength(diskRecords);
    expect((await after.db.selectFrom('file_records').select('id').execute()).map((r) => r.id)).toContain(fresh.uuid);
  });

  it('ABU9 the sweep of unsent uploads removes their records, objects and chunk rows from the database', async () => {
    const c = await open({ PARLEY_UPLOAD_SWEEP_AFTER_S: '60', PARLEY_HOUSEKEEPING_MS: '100' });
    const unsent = (await upload(c.app, c.sigs.amy, 'file', Buffer.concat([pdf(), Buffer.from('u')]), 'u.pdf')).json;
    const sent = (await upload(c.app, c.sigs.amy, 'file', Buffer.concat([pdf(), Buffer.from('s')]), 's.pdf')).json;
    const payload = { fileUrl: sent.url, uuid: sent.uuid, fileName: 's.pdf', fileSize: sent.size };
    expect((await c.send('amy', 'bob', { type: 'TIMFileElem' as const, payload })).status).toBe(200);
    now += 61_000;
    const status = async (url: string) => (await c.app.inject({ method: 'GET', url })).statusCode;
    await expect.poll(() => status(unsent.url), { timeout: 20_000, interval: 100 }).toBe(404);
    expect(await status(sent.url)).toBe(200);
    const objects = await c.db.selectFrom('file_objects').select('key').execute();
    const chunks = await c.db.selectFrom('file_chunks').select('key').distinct().execute();
    expect(objects).toHaveLength(1);
    expect(chunks.map((r) => r.key)).toEqual(objects.map((r) => r.key));
  });
  it('RET8 retention on the database store: an upload named only by purged messages goes with its chunk rows', async () => {
    const c = await open({ PARLEY_RETENTION_DAYS: '1', PARLEY_HOUSEKEEPING_MS: '100' });
    const bytes = Buffer.concat([pdf(), Buffer.from('old news')]);
    const file = (await upload(c.app, c.sigs.amy, 'file', bytes, 'old.pdf')).json;
    const payload = { fileUrl: file.url, uuid: file.uuid, fileName: 'old.pdf', fileSize: file.size };
    expect((await c.send('amy', 'bob', { type: 'TIMFileElem' as const, payload })).status).toBe(200);
    const key = (await c.db.selectFrom('file_objects').select('key').executeTakeFirstOrThrow()).key;
    await sql`update messages set time = time - ${3 * 86_400}`.execute(c.db);
    const status = async () => (await c.app.inject({ method: 'GET', url: file.url })).statusCode;
    await expect.poll(status, { timeout: 30_000, interval: 100 }).toBe(404);
    await expect
      .poll(async () => (await c.db.selectFrom('file_chunks').select('seq').where('key', '=', key).execute()).length, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(0);
  });
});
