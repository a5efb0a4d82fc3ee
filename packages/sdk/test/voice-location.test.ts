import { ERRORS, LOCATION_LIMITS } from '@parley/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TencentCloudChat from '../src/index.ts';
import { GOOD_SIG } from './fake-fetch.ts';
import { destroyInstances, loginReady, newChat, nextEvent } from './helpers.ts';

const { EVENT, TYPES } = TencentCloudChat;

afterEach(destroyInstances);

async function ready() {
  const made = newChat();
  await loginReady(made.chat, { userID: 'zhangwei', userSig: GOOD_SIG });
  return made.chat;
}

const to = { to: 'lina', conversationType: TYPES.CONV_C2C };
const recording = (type: string, name = 'voice', duration?: number) =>
  Object.assign(new File([new Uint8Array(64).fill(1)], name, { type }), duration === undefined ? {} : { duration });

describe('voice messages (decision 0033)', () => {
  it('KVOI7 createAudioMessage gives a TIMSoundElem with exactly the reference payload fields, seconds from the recorder', async () => {
    const chat = await ready();
    const message = chat.createAudioMessage({
      ...to,
      payload: { file: recording('audio/webm;codecs=opus', 'v.webm', 4600) },
    });
    expect(message.type).toBe('TIMSoundElem');
    expect(message.type).toBe(TYPES.MSG_SOUND);
    expect(Object.keys(message.payload).sort()).toEqual(
      ['downloadFlag', 'remoteAudioUrl', 'second', 'size', 'url', 'uuid'].sort(),
    );
    expect(message.payload).toMatchObject({ second: 5, size: 64, downloadFlag: 2 });
    // A clip shorter than a second still shows 1″, never 0″.
    const short = chat.createAudioMessage({ ...to, payload: { file: recording('audio/ogg', 'v.ogg', 400) } });
    expect(short.payload.second).toBe(1);
  });

  it('KVOI8 recorder formats pass (webm, ogg, mp4/m4a, mp3, aac, a typeless blob); an image or a PDF as audio is refused with 2119', async () => {
    const chat = await ready();
    const accepted = [
      recording('audio/webm;codecs=opus'),
      recording('video/webm'),
      recording('audio/ogg'),
      recording('audio/mp4'),
      recording('audio/x-m4a'),
      recording('audio/mpeg'),
      recording('audio/aac'),
      recording('application/octet-stream', 'memo.m4a'),
      recording(''),
    ];
    for (const file of accepted) {
      expect(chat.createAudioMessage({ ...to, payload: { file } }).type).toBe(TYPES.MSG_AUDIO);
    }
    for (const file of [recording('image/png', 'a.png'), recording('application/pdf', 'cv.pdf')]) {
      expect(() => chat.createAudioMessage({ ...to, payload: { file } })).toThrow(
        expect.objectContaining({ code: ERRORS.UNSUPPORTED_VOICE_FORMAT.code }),
      );
    }
  });
});

describe('location messages (decision 0034)', () => {
  it('KLOC1 createLocationMessage gives a TIMLocationElem whose payload is exactly {description, longitude, latitude}', async () => {
    const chat = await ready();
    const payload = { description: '深圳湾公园', longitude: 113.94, latitude: 22.54 };
    const message = chat.createLocationMessage({ ...to, payload: { ...payload } });
    expect(message.type).toBe('TIMLocationElem');
    expect(message.type).toBe(TYPES.MSG_GEO);
    expect(message.payload).toEqual(payload);
    const corners: [number, number][] = [
      [90, 180],
      [-90, -180],
      [0, 0],
    ];
    for (const [latitude, longitude] of corners) {
      expect(chat.createLocationMessage({ ...to, payload: { description: '', latitude, longitude } }).payload).toEqual({
        description: '',
        latitude,
        longitude,
      });
    }
  });

  it('KLOC1 KLOC2 coordinates out of range or not numbers, and a description over the limit, are refused', async () => {
    const chat = await ready();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = { description: '公司', latitude: 22.5, longitude: 113.9 };
    const bad: Record<string, unknown>[] = [
      { ...good, latitude: 90.0001 },
      { ...good, latitude: -91 },
      { ...good, longitude: 180.5 },
      { ...good, longitude: -181 },
      { ...good, latitude: Number.NaN },
      { ...good, longitude: Number.POSITIVE_INFINITY },
      { ...good, latitude: '22.5' },
      { ...good, description: 7 },
      { ...good, description: '址'.repeat(LOCATION_LIMITS.descriptionMax + 1) },
    ];
    for (const payload of bad) {
      expect(() => chat.createLocationMessage({ ...to, payload: payload as never })).toThrow('Params validate failed.');
    }
    const longest = { ...good, description: '址'.repeat(LOCATION_LIMITS.descriptionMax) };
    expect(chat.createLocationMessage({ ...to, payload: longest }).payload).toEqual(longest);
    quiet.mockRestore();
  });
});

describe('server config (decision 0034)', () => {
  it('KLOC6 getServerConfig answers synchronously, {} until the server has said; SERVER_CONFIG_UPDATED brings the map template', async () => {
    const template = 'https://maps.example.org/?q={lat},{lng}';
    const made = newChat({
      'GET /api/v1/features': () => ({ status: 200, body: { features: {}, config: { mapUrlTemplate: template } } }),
    });
    await loginReady(made.chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const updated = nextEvent<{ config: Record<string, unknown> }>(made.chat, EVENT.SERVER_CONFIG_UPDATED);
    expect(made.chat.callExperimentalAPI('getServerConfig')).toEqual({ code: 0, data: {} });
    expect((await updated).config).toEqual({ mapUrlTemplate: template });
    expect(made.chat.callExperimentalAPI('getServerConfig')).toEqual({ code: 0, data: { mapUrlTemplate: template } });
  });
});
