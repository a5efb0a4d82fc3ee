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
 * A short video recorded in the page from an animated canvas with MediaRecorder (MP4 where the browser records it,
 * else WebM): a real, decodable video made at test time.
 */
export async function recordVideo(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const { type, bytes } = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const kinds = ['video/mp4;codecs=avc1', 'video/webm;codecs=vp8', 'video/webm'];
    const mimeType = kinds.find((k) => MediaRecorder.isTypeSupported(k)) ?? 'video/webm';
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    let i = 0;
    const draw = () => {
      g.fillStyle = `hsl(${(i * 25) % 360}, 60%, 45%)`;
      g.fillRect(0, 0, 320, 240);
      g.fillStyle = '#fff';
      g.font = '64px sans-serif';
      g.fillText(String(i), 130, 150);
      i += 1;
    };
    draw();
    const timer = setInterval(draw, 66);
    recorder.start(100);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const blob = new Blob(chunks, { type: mimeType });
    return { type: mimeType.split(';')[0] as string, bytes: [...new Uint8Array(await blob.arrayBuffer())] };
  });
  return { name: type === 'video/mp4' ? 'clip.mp4' : 'clip.webm', mimeType: type, buffer: Buffer.from(bytes) };
}

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
