/**
 * What a file is, from its first bytes only (UPL3): never from its name or the declared type. Only formats with an
 * unambiguous signature are named; anything else is `application/octet-stream`. Text formats (HTML, SVG, XML,
 * scripts) are deliberately never recognised: they are served only as attachments.
 */
export interface Sniffed {
  type: string;
  /** The message kinds that may carry it. */
  media: 'image' | 'video' | 'audio' | undefined;
  /** The image decoder's format, for images. */
  imageFormat?: 'jpeg' | 'png' | 'gif' | 'webp';
}

const ascii = (b: Uint8Array, at: number, s: string): boolean => {
  if (b.length < at + s.length) return false;
  for (let i = 0; i < s.length; i++) if (b[at + i] !== s.charCodeAt(i)) return false;
  return true;
};
const bytes = (b: Uint8Array, at: number, sig: number[]): boolean => sig.every((v, i) => b[at + i] === v);

const AUDIO_MP4_BRANDS = ['M4A ', 'M4B ', 'F4A '];

function isoMedia(head: Uint8Array): Sniffed | undefined {
  if (!ascii(head, 4, 'ftyp')) return undefined;
  const brand = String.fromCharCode(...head.slice(8, 12));
  if (AUDIO_MP4_BRANDS.includes(brand)) return { type: 'audio/mp4', media: 'audio' };
  if (brand === 'qt  ') return { type: 'video/quicktime', media: 'video' };
  if (/^(heic|heix|mif1|msf1|avif)$/.test(brand)) return { type: 'application/octet-stream', media: undefined };
  return { type: 'video/mp4', media: 'video' };
}

export function sniff(head: Uint8Array): Sniffed {
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', media: 'image', imageFormat: 'jpeg' };
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { type: 'image/png', media: 'image', imageFormat: 'png' };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a'))
    return { type: 'image/gif', media: 'image', imageFormat: 'gif' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP'))
    return { type: 'image/webp', media: 'image', imageFormat: 'webp' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { type: 'audio/wav', media: 'audio' };
  const iso = isoMedia(head);
  if (iso) return iso;
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return { type: 'video/webm', media: 'video' };
  if (ascii(head, 0, 'OggS')) return { type: 'audio/ogg', media: 'audio' };
  if (ascii(head, 0, 'ID3')) return { type: 'audio/mpeg', media: 'audio' };
  if (ascii(head, 0, 'fLaC')) return { type: 'audio/flac', media: 'audio' };
  if (ascii(head, 0, '#!AMR')) return { type: 'audio/amr', media: 'audio' };
  // MPEG audio frame sync; ADTS AAC (0xFFF1 / 0xFFF9).
  if (head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0) return { type: 'audio/aac', media: 'audio' };
  if (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) return { type: 'audio/mpeg', media: 'audio' };
  if (ascii(head, 0, '%PDF-')) return { type: 'application/pdf', media: undefined };
  if (bytes(head, 0, [0x50, 0x4b, 0x03, 0x04])) return { type: 'application/zip', media: undefined };
  if (bytes(head, 0, [0x1f, 0x8b])) return { type: 'application/gzip', media: undefined };
  return { type: 'application/octet-stream', media: undefined };
}
