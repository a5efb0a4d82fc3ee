import { ERRORS, ROUTES, type UploadKind } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/app/config.ts';
import { cleanupApps, createUser, makeApp, type MakeAppOptions, userSigFor } from './support/app.ts';
import { box, ogg, pdf, png, upload, zip } from './support/uploads.ts';

afterEach(cleanupApps);

async function setup(options: MakeAppOptions = {}) {
  const t = await makeApp(options);
  await createUser(t.app, { userID: 'amy' });
  const sig = await userSigFor(t.app, 'amy');
  return {
    ...t,
    up: (kind: UploadKind, bytes: Buffer, name: string, type?: string) => upload(t.app, sig, kind, bytes, name, type),
  };
}

const m4a = (brand: string) =>
  Buffer.concat([box('ftyp', Buffer.from(`${brand}\0\0\0\0${brand}`, 'latin1')), box('moov', 0), box('mdat', 256)]);

describe('voice uploads (decision 0033)', () => {
  it('KVOI9 what recorders make is accepted as audio, decided from the bytes and served inline as audio', async () => {
    const t = await setup();
    const cases: [string, Buffer, string][] = [
      ['voice.webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(128, 3)]), 'audio/webm'],
      ['voice.ogg', ogg(), 'audio/ogg'],
      ['voice.m4a', m4a('M4A '), 'audio/mp4'],
      ['voice.mp4', m4a('isom'), 'audio/mp4'],
      ['voice.mp3', Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1'), Buffer.alloc(128, 4)]), 'audio/mpeg'],
      ['raw.mp3', Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(128, 5)]), 'audio/mpeg'],
      ['voice.aac', Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80]), Buffer.alloc(128, 6)]), 'audio/aac'],
    ];
    for (const [name, bytes, type] of cases) {
      // The declared type says nothing: every one is sent as octet-stream.
      const res = await t.up('audio', bytes, name, 'application/octet-stream');
      expect(res.status, name).toBe(200);
      expect(res.json.type, name).toBe(type);
      const served = await t.app.inject({ method: 'GET', url: String(res.json.url) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(String(served.headers['content-disposition'] ?? '')).not.toMatch(/attachment/);
    }
  });

  it('KVOI9 an image, a PDF, a ZIP, HTML or text named .webm or typed audio/* is refused with 2119', async () => {
    const t = await setup();
    const bad: [string, Buffer][] = [
      ['png', await png()],
      ['pdf', pdf()],
      ['zip', zip()],
      ['html', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['text', Buffer.from('just some words, not a sound')],
    ];
    for (const [what, bytes] of bad) {
      const res = await t.up('audio', bytes, 'voice.webm', 'audio/webm');
      expect(res.status, what).toBe(415);
      expect(res.json.code, what).toBe(ERRORS.UNSUPPORTED_VOICE_FORMAT.code);
    }
  });
});

describe('map link template (decision 0034)', () => {
  it('KLOC5 no template by default: the features answer carries an empty one', async () => {
    const t = await setup();
    const res = await t.app.inject({ method: 'GET', url: ROUTES.features });
    expect(res.json()).toMatchObject({ config: { mapUrlTemplate: '' } });
  });

  it('KLOC5 PARLEY_MAP_URL_TEMPLATE reaches clients through the features answer', async () => {
    const template = 'https://maps.example.org/?mlat={lat}&mlon={lng}#map=16/{lat}/{lng}';
    const t = await setup({ env: { PARLEY_MAP_URL_TEMPLATE: template } });
    const res = await t.app.inject({ method: 'GET', url: ROUTES.features });
    expect(res.json().config).toMatchObject({ mapUrlTemplate: template });
  });

  it('KLOC5 a template that is not an http(s) URL naming {lat} and {lng} stops start-up naming the variable', () => {
    for (const bad of [
      'javascript:alert({lat},{lng})',
      'ftp://x/{lat}/{lng}',
      'https://x/?q={lat}',
      'not a url {lat}{lng}',
    ]) {
      let error: unknown;
      try {
        loadConfig({ PARLEY_MAP_URL_TEMPLATE: bad }, '/srv/parley');
      } catch (err) {
        error = err;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect(String((error as Error).message)).toContain('PARLEY_MAP_URL_TEMPLATE');
    }
  });
});
