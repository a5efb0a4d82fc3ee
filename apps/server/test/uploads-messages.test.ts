import { ERRORS, type WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { KINDS, makeChat } from './support/messaging.ts';
import { jpegWithGps, mp4, ogg, pdf, upload } from './support/uploads.ts';

afterEach(cleanupApps);

const BAD_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  'blob:http://x/1',
  '',
];

describe.each(KINDS)('rich messages (%s)', (kind) => {
  // Sixty refused sends in a row: the per-user send rate is not what is under test.
  const open = () => makeChat(kind, ['amy', 'bob'], { env: { PARLEY_RATE_SENDS: '0' } });

  it('UPL15 image, video, audio and file messages built from uploads are stored and delivered as sent', async () => {
    const c = await open();
    const sig = c.sigs.amy ?? '';
    const image = (await upload(c.app, sig, 'image', await jpegWithGps(800, 600), 'p.jpg')).json;
    const video = (await upload(c.app, sig, 'video', mp4(), 'v.mp4')).json;
    const snapshot = (await upload(c.app, sig, 'image', await jpegWithGps(320, 180), 'snap.jpg')).json;
    const audio = (await upload(c.app, sig, 'audio', ogg(), 'a.ogg')).json;
    const file = (await upload(c.app, sig, 'file', pdf(), '简历.pdf')).json;
    const payloads: [string, Record<string, unknown>][] = [
      ['TIMImageElem', { imageFormat: image.imageFormat, uuid: image.uuid, imageInfoArray: image.imageInfoArray }],
      [
        'TIMVideoFileElem',
        {
          videoUrl: video.url,
          remoteVideoUrl: video.url,
          videoUUID: video.uuid,
          videoSize: video.size,
          size: video.size,
          videoSecond: 3,
          second: 3,
          snapshotUrl: snapshot.url,
          snapshotWidth: 320,
          snapshotHeight: 180,
          thumbUrl: snapshot.url,
          thumbWidth: 320,
          thumbHeight: 180,
        },
      ],
      ['TIMSoundElem', { url: audio.url, remoteAudioUrl: audio.url, uuid: audio.uuid, second: 4, size: audio.size }],
      [
        'TIMFileElem',
        { fileUrl: file.url, remoteFileUrl: file.url, uuid: file.uuid, fileName: file.name, fileSize: file.size },
      ],
      [
        'TIMImageElem',
        { imageInfoArray: [{ sizeType: 1, size: 1, width: 1, height: 1, url: 'https://cdn.example/a.png' }] },
      ],
    ];
    for (const [type, payload] of payloads) {
      const res = await c.send('amy', 'bob', { type: type as never, payload });
      expect(res.status, `${type} ${JSON.stringify(res.json)}`).toBe(200);
    }
    const history = await c.history('bob', 'C2Camy');
    expect(history.messageList.map((m: WireMessage) => [m.type, m.payload])).toEqual(payloads);
    await c.close();
  });

  it('UPL12 media URLs that are not http(s) or an upload path are refused and appear nowhere', async () => {
    const c = await open();
    const pushed: unknown[] = [];
    await c.app.parley.domain.bus.subscribe('user:bob', (e) => pushed.push(e));
    for (const url of BAD_URLS) {
      const cases: [string, Record<string, unknown>][] = [
        ['TIMImageElem', { imageInfoArray: [{ sizeType: 1, size: 1, width: 1, height: 1, url }] }],
        [
          'TIMImageElem',
          {
            imageInfoArray: [{ sizeType: 1, size: 1, width: 1, height: 1, url: 'https://a.example/x', imageUrl: url }],
          },
        ],
        ['TIMVideoFileElem', { videoUrl: url }],
        ['TIMVideoFileElem', { videoUrl: 'https://a.example/v.mp4', snapshotUrl: url || 'data:,' }],
        ['TIMSoundElem', { url, second: 1, size: 1 }],
        ['TIMFileElem', { fileUrl: url, fileName: 'x', fileSize: 1 }],
      ];
      for (const [type, payload] of cases) {
        const res = await c.send('amy', 'bob', { type: type as never, payload });
        expect(res.status, `${type} ${JSON.stringify(url)}`).toBe(400);
        expect(res.json.code).toBe(ERRORS.INVALID_PARAMS.code);
      }
    }
    expect((await c.history('bob', 'C2Camy')).messageList).toEqual([]);
    expect(pushed).toEqual([]);
    await c.close();
  });

  it('UPL13 a custom card whose link is javascript:, data: or vbscript: is refused; http(s) links pass', async () => {
    const c = await open();
    for (const link of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      const data = JSON.stringify({ businessID: 'text_link', text: 'see', link });
      const res = await c.send('amy', 'bob', { type: 'TIMCustomElem', payload: { data } });
      expect(res.status, link).toBe(400);
      const nested = JSON.stringify({ businessID: 'order', item: { link } });
      expect((await c.send('amy', 'bob', { type: 'TIMCustomElem', payload: { data: nested } })).status).toBe(400);
    }
    const ok = JSON.stringify({ businessID: 'text_link', text: 'see', link: 'https://parley.example/job/1' });
    expect((await c.send('amy', 'bob', { type: 'TIMCustomElem', payload: { data: ok } })).status).toBe(200);
    await c.close();
  });
});
