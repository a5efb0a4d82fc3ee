import TencentCloudChat, { type FetchLike, type Message } from '@parley/chat';
import { ERRORS } from '@parley/protocol';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loggedIn, type TestClient } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;
const received = (id: string) => (list: Message[]) => list.some((m) => m.ID === id);

const pngFile = async (name = 'photo.png') =>
  new File(
    [
      await sharp({ create: { width: 900, height: 300, channels: 3, background: '#2266aa' } })
        .png()
        .toBuffer(),
    ],
    name,
    { type: 'image/png' },
  );

/** A fetch that counts upload requests and fails them while `failUploads` is set, like a dropped connection. */
function uploadGate() {
  const gate = {
    failUploads: false,
    uploads: 0,
    fetch: (async (input, init) => {
      if (new URL(String(input)).pathname.startsWith('/api/v1/uploads/')) {
        gate.uploads += 1;
        if (gate.failUploads) throw new TypeError('fetch failed');
      }
      return globalThis.fetch(input, init);
    }) as FetchLike,
  };
  return gate;
}

describe.each(BACKENDS)('SDK rich messages against the real server [%s]', (backend) => {
  const server = useServer(backend);

  async function pair(options = {}): Promise<[TestClient, TestClient]> {
    const [amy = '', bob = ''] = await makeUsers(server, 'amy', 'bob');
    return [await loggedIn(server, amy, options), await loggedIn(server, bob)];
  }

  it('UPL20 createImageMessage uploads on send: progress from 0.01 to 1, three sizes, the peer gets the same payload', async () => {
    const [amy, bob] = await pair();
    const seen: number[] = [];
    const message = amy.chat.createImageMessage({
      to: bob.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { file: await pngFile() },
      onProgress: (p) => seen.push(p),
    });
    expect(message).toMatchObject({ type: TYPES.MSG_IMAGE, status: 'unSend', progress: 0 });
    const { data } = await amy.chat.sendMessage(message);
    expect(data.message).toBe(message);
    expect(message.status).toBe('success');
    expect(message.progress).toBe(1);
    expect(seen[0]).toBe(0.01);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const infos = message.payload.imageInfoArray as { sizeType: number; width: number; height: number; url: string }[];
    expect(infos.map((i) => [i.sizeType, i.width, i.height])).toEqual([
      [1, 900, 300],
      [2, 720, 240],
      [3, 198, 66],
    ]);
    for (const info of infos) expect(info.url.startsWith(`${server.url}/api/v1/files/`)).toBe(true);
    const image = await fetch(infos[2]?.url ?? '');
    expect(image.headers.get('content-type')).toBe('image/png');
    const [got] = await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(message.ID));
    expect(got?.type).toBe(TYPES.MSG_IMAGE);
    expect(got?.payload).toEqual(message.payload);
  });

  it('UPL21 createFileMessage takes an <input> element; video, audio, face and location messages arrive with their fields', async () => {
    const [amy, bob] = await pair();
    const to = { to: bob.userID, conversationType: TYPES.CONV_C2C };
    const pdf = new File(['%PDF-1.4 resume'], '简历.pdf', { type: 'application/pdf' });
    const mp4 = new File(
      // ftyp, an empty moov and a 492-byte mdat: the box chain the server walks (UPL16).
      [
        Buffer.concat([
          Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isommp42\0\0\0\x08moov\0\0\x01\xecmdat', 'latin1'),
          Buffer.alloc(484),
        ]),
      ],
      'clip.mp4',
      {
        type: 'video/mp4',
      },
    );
    const ogg = Object.assign(new File([Buffer.concat([Buffer.from('OggS'), Buffer.alloc(300)])], 'voice.ogg'), {
      duration: 4200,
    });
    const messages = [
      amy.chat.createFileMessage({ ...to, payload: { file: { files: [pdf] } } }),
      amy.chat.createVideoMessage({ ...to, payload: { file: mp4 } }),
      amy.chat.createAudioMessage({ ...to, payload: { file: ogg } }),
      amy.chat.createFaceMessage({ ...to, payload: { index: 1, data: 'tt00' } }),
      amy.chat.createLocationMessage({ ...to, payload: { description: '深圳', longitude: 113.94, latitude: 22.54 } }),
    ];
    for (const m of messages) await amy.chat.sendMessage(m);
    const [file, video, audio, face, location] = messages;
    expect(file?.payload).toMatchObject({ fileName: '简历.pdf', fileSize: 15 });
    expect(video?.payload).toMatchObject({ videoFormat: 'mp4', videoSize: 524, size: 524, snapshotUrl: '' });
    expect(String(video?.payload.videoUrl)).toMatch(/\/api\/v1\/files\//);
    expect(audio?.payload).toMatchObject({ second: 4, size: 304 });
    const last = messages.at(-1)?.ID ?? '';
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, received(last));
    const got = bob.received();
    for (const m of messages) expect(got.find((g) => g.ID === m.ID)?.payload).toEqual(m.payload);
    expect(face?.type).toBe(TYPES.MSG_FACE);
    expect(location?.payload).toEqual({ description: '深圳', longitude: 113.94, latitude: 22.54 });
  });

  it('UPL22 a failed upload fails the message; resend uploads again only what did not arrive; no double upload', async () => {
    const gate = uploadGate();
    const [amy, bob] = await pair({ fetch: gate.fetch });
    const message = amy.chat.createImageMessage({
      to: bob.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { file: await pngFile() },
    });
    gate.failUploads = true;
    const failed = await amy.chat
      .sendMessage(message)
      .catch((err: { code: number; data: { message: Message } }) => err);
    expect('code' in failed && failed.code).toBe(ERRORS.MSG_F_UPLOAD_FAIL.code);
    expect('data' in failed && failed.data.message).toBe(message);
    expect(message.status).toBe('fail');
    gate.failUploads = false;
    // Two sends of the same message while it uploads: one upload, one stored message.
    const [a, b] = await Promise.all([amy.chat.resendMessage(message), amy.chat.sendMessage(message)]);
    expect(a.data.message).toBe(message);
    expect(b.data.message).toBe(message);
    expect(message.status).toBe('success');
    expect(gate.uploads).toBe(2);
    await amy.chat.resendMessage(message);
    expect(gate.uploads).toBe(2);
    // Uploaded, then refused by the server (no such user): the resend sends the message again, not the file.
    const ghost = amy.chat.createFileMessage({
      to: 'ghost',
      conversationType: TYPES.CONV_C2C,
      payload: { file: new File(['%PDF-1.4 x'], 'x.pdf') },
    });
    await expect(amy.chat.sendMessage(ghost)).rejects.toMatchObject({ code: ERRORS.ACCOUNT_NOT_FOUND.code });
    await expect(amy.chat.resendMessage(ghost)).rejects.toMatchObject({ code: ERRORS.ACCOUNT_NOT_FOUND.code });
    expect(gate.uploads).toBe(3);
    expect(String(ghost.payload.fileUrl)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/files\//);
    const list = (await bob.chat.getMessageList({ conversationID: `C2C${amy.userID}` })).data.messageList;
    expect(list.filter((m) => m.ID === message.ID)).toHaveLength(1);
  });

  it('UPL23 the factories refuse what cannot be sent: a non-image as an image, an empty file, no file', async () => {
    const [amy, bob] = await pair();
    const to = { to: bob.userID, conversationType: TYPES.CONV_C2C };
    const cases: [() => unknown, number][] = [
      [
        () =>
          amy.chat.createImageMessage({ ...to, payload: { file: new File(['hi'], 'x.txt', { type: 'text/plain' }) } }),
        ERRORS.MSG_I_TYPE_NOT_ALLOWED.code,
      ],
      [
        () => amy.chat.createFileMessage({ ...to, payload: { file: new File([], 'empty.pdf') } }),
        ERRORS.MSG_F_IS_EMPTY.code,
      ],
      [
        () =>
          amy.chat.createVideoMessage({ ...to, payload: { file: new File(['x'], 'x.txt', { type: 'text/plain' }) } }),
        ERRORS.MSG_V_TYPE_NOT_ALLOWED.code,
      ],
      [() => amy.chat.createFileMessage({ ...to, payload: { file: { files: [] } } }), ERRORS.MSG_F_IS_EMPTY.code],
    ];
    const big = new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    cases.push([() => amy.chat.createImageMessage({ ...to, payload: { file: big } }), ERRORS.MSG_I_TOO_LARGE.code]);
    for (const [create, code] of cases) expect(create).toThrow(expect.objectContaining({ code }));
  });
});
