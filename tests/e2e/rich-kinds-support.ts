import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type TestUser, uniqueID, userSigOf } from './chat-support.ts';

/** A mono 8 kHz 16-bit WAV of `seconds` of a quiet tone: a real audio file made at test time. */
export function wav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1)
    out.writeInt16LE(Math.round(2000 * Math.sin((i * 2 * Math.PI * 440) / rate)), 44 + i * 2);
  return out;
}

/** The smallest valid ZIP: an empty archive (end of central directory only). */
export const emptyZip = (): Buffer => Buffer.concat([Buffer.from('PK\u0005\u0006'), Buffer.alloc(18)]);

/**
 * A real H.264 MP4 shipped small (2 s, 160x120, about 4 KB; how it was made: `tests/fixtures/README.md`): CI needs no
 * encoder, and the server sniffs it as `video/mp4` from its bytes.
 */
export const tinyMp4 = (): { name: string; mimeType: string; buffer: Buffer } => ({
  name: 'clip.mp4',
  mimeType: 'video/mp4',
  buffer: readFileSync(fileURLToPath(new URL('../fixtures/clip-160x120-2s.mp4', import.meta.url))),
});

/** Dispatches a paste or a drop of one file on the element, as the browser does for a real one. */
export async function pasteOrDrop(
  page: Page,
  testID: string,
  how: 'paste' | 'drop',
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await page.getByTestId(testID).evaluate(
    (el, { how, name, mimeType, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      const event =
        how === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      el.dispatchEvent(event);
    },
    { how, name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] },
  );
}

/** Uploads a file as `from` and sends the message built from the answer over the HTTP API. */
export async function sendOverApi(
  request: APIRequestContext,
  from: TestUser,
  to: TestUser,
  message: { type: string; payload: Record<string, unknown> },
  upload?: { kind: 'audio'; name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const userSig = await userSigOf(request, from.userID);
  const headers = { authorization: `Bearer ${userSig}` };
  let payload = message.payload;
  if (upload) {
    const res = await request.post(`/api/v1/uploads/${upload.kind}`, {
      headers,
      multipart: { file: { name: upload.name, mimeType: upload.mimeType, buffer: upload.buffer } },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const body = (await res.json()) as { data?: { url: string; size: number; uuid: string } } & {
      url?: string;
      size?: number;
      uuid?: string;
    };
    const answer = body.data ?? body;
    payload = { ...payload, url: answer.url, remoteAudioUrl: answer.url, size: answer.size, uuid: answer.uuid };
  }
  const res = await request.post('/api/v1/messages', {
    headers,
    data: { ID: uniqueID('m'), conversationType: 'C2C', to: to.userID, type: message.type, payload },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

export const custom = (data: Record<string, unknown>, description = '') => ({
  type: 'TIMCustomElem',
  payload: { data: JSON.stringify(data), description, extension: '' },
});
