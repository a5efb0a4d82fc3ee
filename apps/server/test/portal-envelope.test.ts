import { getCiphers } from 'node:crypto';
import { ERRORS, PORTAL_CALL_NAMES, PORTAL_DEV_IV, PORTAL_DEV_KEY, PORTAL_ERROR_TEXTS } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/app/config.ts';
import { portalCipher } from '../src/transport/http/routes/tapi/envelope.ts';
import { cleanupApps } from './support/app.ts';
import { KINDS, devCipher, makePortalApp, tapi } from './support/portal.ts';

/**
 * Known answers computed with the OpenSSL command line, an implementation independent of the server:
 *   printf '{"uid":"zhangwei"}' | openssl enc -des-ede3-cbc -K <hex of the dev key> -iv <hex of the dev IV> -base64 -A
 * The seed's client (CryptoJS TripleDES, CBC, Pkcs7, UTF-8 key and IV) produces the same bytes.
 */
const VECTORS = [
  { plain: '{"uid":"zhangwei"}', cipher: '31Jq+zvwdfXGgJv0HRHN/IsiBAQ/ak6G' },
  { plain: '{}', cipher: '4+jq5dzPcpc=' },
];
const WRONG = portalCipher('another-key-of-24-bytes!', 'otheriv!');

describe('PRT1 the cipher', () => {
  it('PRT1 des-ede3-cbc is available on this Node/OpenSSL without the legacy provider', () => {
    expect(getCiphers()).toContain('des-ede3-cbc');
  });

  it('PRT1 encrypts and decrypts exactly like the seed algorithm (OpenSSL known answers)', () => {
    for (const v of VECTORS) {
      expect(devCipher.encrypt(JSON.parse(v.plain))).toBe(v.cipher);
      expect(devCipher.decrypt(v.cipher)).toEqual(JSON.parse(v.plain));
    }
  });

  it('PRT1 round trip of Chinese text and every JSON type; a form "+" turned into a space is still read', () => {
    const value = { name: '张伟', n: 1.5, list: [1, 'a'], nested: { ok: true, none: null } };
    const text = devCipher.encrypt(value);
    expect(devCipher.decrypt(text)).toEqual(value);
    expect(devCipher.decrypt(text.replaceAll('+', ' '))).toEqual(value);
  });

  it('PRT1 development defaults; NODE_ENV=production without the key or IV refuses to start', () => {
    const dev = loadConfig({ PARLEY_DATA_DIR: '/tmp/x' }, '/tmp');
    expect(dev.portalCipher).toEqual({ key: PORTAL_DEV_KEY, iv: PORTAL_DEV_IV });
    expect(() => loadConfig({ NODE_ENV: 'production' }, '/tmp')).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' }, '/tmp')).toThrow(/^PARLEY_PORTAL_KEY: must be set/);
    expect(() => loadConfig({ NODE_ENV: 'production', PARLEY_PORTAL_KEY: 'k'.repeat(24) }, '/tmp')).toThrow(
      /^PARLEY_PORTAL_IV: must be set/,
    );
    expect(() => loadConfig({ PARLEY_PORTAL_KEY: 'short' }, '/tmp')).toThrow(/PARLEY_PORTAL_KEY: must be exactly 24/);
    const prod = loadConfig(
      { NODE_ENV: 'production', PARLEY_PORTAL_KEY: 'k'.repeat(24), PARLEY_PORTAL_IV: '12345678' },
      '/tmp',
    );
    expect(prod.portalCipher).toEqual({ key: 'k'.repeat(24), iv: '12345678' });
  });
});

describe('PRT2 error texts', () => {
  it('PRT2 every portal error code has a Chinese and an English text for the pages', () => {
    const portal = Object.entries(ERRORS).filter(([name]) => name.startsWith('PORTAL_'));
    expect(portal.length).toBeGreaterThan(8);
    for (const [name, spec] of [...portal, ['SESSION_REQUIRED', ERRORS.SESSION_REQUIRED] as const]) {
      const text = PORTAL_ERROR_TEXTS[spec.code];
      expect(text?.zh, name).toMatch(/[\u4e00-\u9fff]/);
      expect(text?.en, name).toMatch(/^[A-Z]/);
    }
  });
});

describe.each(KINDS)('PRT1-PRT4 the envelope over HTTP (%s)', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ app, close } = await makePortalApp(kind, { allowedOrigins: 'https://portal.example.com' }));
  });
  afterEach(async () => {
    await close();
    await cleanupApps();
  });

  const countAccounts = () => app.parley.domain.storage.accounts.count();
  const register = { identity: 1, mobile: '13712345678', password: 'abc12345', name: '测试' };

  it('PRT2 a call answers 200 {code 1, msg, data} with data the encrypted JSON; no result is data ""', async () => {
    const r = await tapi(app, 'common/citys');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1);
    expect(typeof r.body.msg).toBe('string');
    expect((r.data as { name: string }[])[0]?.name).toBe('太原');
    const out = await tapi(app, 'user/logout');
    expect(out.body).toEqual({ code: 1, msg: 'ok', data: '' });
  });

  it('PRT1 a missing or empty data field is the empty payload', async () => {
    const r = await tapi(app, 'common/citys', {}, { rawData: '' });
    expect(r.body.code).toBe(1);
  });

  it('PRT3 data that is not base64: 400 60030, nothing runs', async () => {
    for (const raw of ['!!not base64!!', 'abc', 'YWJj=ZGVm', '\u0000']) {
      const r = await tapi(app, 'user/register', {}, { rawData: raw });
      expect(r.status, raw).toBe(400);
      expect(r.body).toEqual({ code: ERRORS.PORTAL_BAD_BASE64.code, message: ERRORS.PORTAL_BAD_BASE64.message });
    }
    expect(await countAccounts()).toBe(0);
  });

  it('PRT3 encrypted with a wrong key, or not a whole number of blocks: 400 60031, nothing runs', async () => {
    const r = await tapi(app, 'user/register', register, { cipher: WRONG });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ERRORS.PORTAL_UNDECRYPTABLE.code);
    const partial = await tapi(app, 'user/register', {}, { rawData: 'YWJjZA==' });
    expect(partial.body.code).toBe(ERRORS.PORTAL_UNDECRYPTABLE.code);
    expect(await countAccounts()).toBe(0);
  });

  it('PRT3 a tampered body is refused with a clear 400 and registers nobody', async () => {
    const good = Buffer.from(devCipher.encrypt(register), 'base64');
    // Last block changed: the padding breaks.
    const tail = Buffer.from(good);
    tail[tail.length - 1] = (tail[tail.length - 1] ?? 0) ^ 0x5a;
    const r1 = await tapi(app, 'user/register', {}, { rawData: tail.toString('base64') });
    expect(r1.status).toBe(400);
    expect(r1.body.code).toBe(ERRORS.PORTAL_UNDECRYPTABLE.code);
    // First block changed: the text turns into garbage, which is no JSON.
    const head = Buffer.from(good);
    head[2] = (head[2] ?? 0) ^ 0xff;
    const r2 = await tapi(app, 'user/register', {}, { rawData: head.toString('base64') });
    expect(r2.status).toBe(400);
    expect([ERRORS.PORTAL_NOT_JSON.code, ERRORS.INVALID_PARAMS.code]).toContain(r2.body.code);
    expect(await countAccounts()).toBe(0);
  });

  it('PRT3 decrypted text that is not JSON: 400 60032; JSON that is not an object: 400 60003', async () => {
    const notJson = portalCipher(PORTAL_DEV_KEY, PORTAL_DEV_IV);
    // encrypt() takes a value; a bare string encrypts as a JSON string, so encrypt raw text by hand.
    const { createCipheriv } = await import('node:crypto');
    const c = createCipheriv('des-ede3-cbc', Buffer.from(PORTAL_DEV_KEY), Buffer.from(PORTAL_DEV_IV));
    const raw = Buffer.concat([c.update('{"identity":1,'), c.final()]).toString('base64');
    const r = await tapi(app, 'user/register', {}, { rawData: raw });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: ERRORS.PORTAL_NOT_JSON.code, message: ERRORS.PORTAL_NOT_JSON.message });
    const arr = await tapi(app, 'user/register', {}, { rawData: notJson.encrypt([1, 2]) });
    expect(arr.status).toBe(400);
    expect(arr.body).toEqual({ code: ERRORS.INVALID_PARAMS.code, message: 'data must be a JSON object' });
    expect(await countAccounts()).toBe(0);
  });

  it('PRT3 the wrong shape: 400 60003 naming the field; unknown fields refused; nothing runs', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...register, identity: 3 }, /^data\.identity /],
      [{ ...register, mobile: 13712345678 }, /^data\.mobile /],
      [{ ...register, admin: true }, /unknown field "admin"/],
      [{ identity: 1, mobile: '13712345678', password: 'abc12345' }, /^data /],
      [{ ...register, name: 'a\u0000b' }, /^data\.name /],
    ];
    for (const [payload, message] of cases) {
      const r = await tapi(app, 'user/register', payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.code).toBe(ERRORS.INVALID_PARAMS.code);
      expect(r.body.message).toMatch(message);
    }
    const job = await tapi(app, 'job/list', { page: 0 });
    expect(job.body.message).toMatch(/^data\.page /);
    expect(await countAccounts()).toBe(0);
  });

  it('PRT3 an unknown module or action: 404 60033', async () => {
    for (const name of ['user/nosuch', 'nosuch/usershow', 'user', 'user/usershow/x']) {
      const r = await tapi(app, name);
      expect(r.status, name).toBe(404);
      expect(r.body).toEqual({ code: ERRORS.PORTAL_UNKNOWN_CALL.code, message: ERRORS.PORTAL_UNKNOWN_CALL.message });
    }
  });

  it('PRT3 a body that is not form-urlencoded: 415, nothing runs', async () => {
    const res = await app.inject({ method: 'POST', url: '/tapi/user/register', payload: { data: 'x' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(ERRORS.UNSUPPORTED_MEDIA_TYPE.code);
  });

  it('PRT4 a browser call from a foreign origin is refused (403 60009); the configured origin passes', async () => {
    const bad = await tapi(app, 'user/register', register, { headers: { origin: 'https://evil.example' } });
    expect(bad.status).toBe(403);
    expect(bad.body.code).toBe(ERRORS.FORBIDDEN_ORIGIN.code);
    expect(await countAccounts()).toBe(0);
    const good = await tapi(app, 'common/citys', {}, { headers: { origin: 'https://portal.example.com' } });
    expect(good.body.code).toBe(1);
  });

  it('PRT1 every call of PORTAL_CALLS is a route listed in /openapi.json; the catch-all is not', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, { post?: { requestBody?: { content?: Record<string, unknown> } } }>;
    };
    for (const name of PORTAL_CALL_NAMES) {
      const op = doc.paths[`/tapi/${name}`]?.post;
      expect(op, name).toBeDefined();
      expect(Object.keys(op?.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
    }
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/tapi/')).length).toBe(PORTAL_CALL_NAMES.length);
  });
});
