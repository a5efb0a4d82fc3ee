import { join } from 'node:path';
import { ERRORS } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../src/files/local-disk-store.ts';
import { bearer, cleanupApps, createUser, makeApp, userSigFor } from './support/app.ts';
import { pdf, upload } from './support/uploads.ts';

afterEach(cleanupApps);

async function setup() {
  const lines: string[] = [];
  const t = await makeApp({ overrides: { logStream: { write: (line) => lines.push(line) } } });
  await createUser(t.app, { userID: 'amy' });
  const sig = await userSigFor(t.app, 'amy');
  const errorLines = () => lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
  return { ...t, sig, errorLines };
}

/** Every bidi control, the line and paragraph separators and the byte order mark. */
const INVISIBLE = [
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u2028',
  '\u2029',
  '\ufeff',
];

describe('upload edges (ABU3, ABU4)', () => {
  it('ABU3 multipart/form-data without a boundary is a 400 with the bad-input code, and logs no error', async () => {
    const t = await setup();
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; charset=utf-8',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads/file',
        headers: { ...bearer(t.sig), 'content-type': type },
        payload: Buffer.from(
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc\r\n--x--\r\n',
        ),
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json<{ code: number }>().code, type).toBe(ERRORS.INVALID_PARAMS.code);
    }
    expect(t.errorLines()).toEqual([]);
  });

  it('ABU4 UPL10 bidi controls are stripped from a stored file name and from its download name', async () => {
    const t = await setup();
    const name = `invoice${INVISIBLE.join('')}fdp.exe`;
    const res = await upload(t.app, t.sig, 'file', pdf(), `\u202e${name}`);
    expect(res.status).toBe(200);
    expect(res.json.name).toBe('invoicefdp.exe');
    const served = await t.app.inject({ method: 'GET', url: res.json.url });
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`,
    );
    // Only invisible characters: the name falls back to "file".
    expect((await upload(t.app, t.sig, 'file', pdf(), '\u202e\u2066')).json.name).toBe('file');
  });

  it('ABU4 a record stored before the rule (a bidi override and a control in its name) downloads without them', async () => {
    const t = await setup();
    const res = await upload(t.app, t.sig, 'file', pdf(), 'old.pdf');
    const store = new LocalDiskStore(join(t.dataDir, 'uploads'));
    const fileID = res.json.url.split('/').pop() ?? '';
    const record = await store.getRecord(fileID);
    if (!record) throw new Error('no record');
    await store.putRecord({ ...record, name: 'cv\u202efdp\u0007.exe' });
    const served = await t.app.inject({ method: 'GET', url: res.json.url });
    expect(served.headers['content-disposition']).toBe(`attachment; filename="cvfdp.exe"; filename*=UTF-8''cvfdp.exe`);
  });
});
