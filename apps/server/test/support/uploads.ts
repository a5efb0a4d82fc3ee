import { crc32 } from 'node:zlib';
import type { UploadKind, UploadResult } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer } from './app.ts';

/** A multipart/form-data body with one file part. */
export function multipart(
  bytes: Buffer,
  filename: string,
  contentType = 'application/octet-stream',
  field = 'file',
): { body: Buffer; type: string } {
  const boundary = `parleytest${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function upload(
  app: FastifyInstance,
  userSig: string | undefined,
  kind: UploadKind,
  bytes: Buffer,
  filename = 'f.bin',
  contentType?: string,
): Promise<{ status: number; json: UploadResult & { code?: number; message?: string } }> {
  const { body, type } = multipart(bytes, filename, contentType);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/uploads/${kind}`,
    headers: { ...(userSig ? bearer(userSig) : {}), 'content-type': type },
    payload: body,
  });
  return { status: res.statusCode, json: res.json() };
}

export const png = (width = 64, height = 48): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** A JPEG carrying EXIF with GPS coordinates and a camera name, as phones write them. */
export const jpegWithGps = (width = 1600, height = 1200): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'ParleyCam', Model: 'SecretModel' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .toBuffer();

/** A PNG whose header claims `width`×`height` pixels around a tiny real image: a decompression bomb's header. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const real = Buffer.from(await png(2, 2));
  // IHDR data starts at 16: width, height (big-endian); its CRC covers the type and data (12..29).
  real.writeUInt32BE(width, 16);
  real.writeUInt32BE(height, 20);
  real.writeUInt32BE(crc32(real.subarray(12, 29)), 29);
  return real;
}

/** An ISO box: 32-bit size, type, body. */
export const box = (type: string, body: Buffer | number): Buffer => {
  const data = typeof body === 'number' ? Buffer.alloc(body, 0x11) : body;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + data.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, data]);
};

/** The `ftyp` box of an MP4 (isom): the signature the sniffer reads (UPL3). */
export const ftyp = (): Buffer => box('ftyp', Buffer.from('isom\0\0\x02\0isommp42', 'latin1'));

/** An MP4's box structure, `size` bytes long: ftyp, an empty moov and an mdat of filler (UPL16's walk passes). */
export const mp4 = (size = 4096): Buffer => Buffer.concat([ftyp(), box('moov', 0), box('mdat', size - 40)]);

export const pdf = (): Buffer => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const zip = (): Buffer => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
export const ogg = (): Buffer => Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200, 2)]);
