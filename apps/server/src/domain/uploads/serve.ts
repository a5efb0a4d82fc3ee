import { downloadName } from './file-name.ts';

/** A parsed `Range` header (UPL7): one range, inclusive bounds, or why it cannot be served. */
export type RangeAnswer = { start: number; end: number } | 'whole' | 'unsatisfiable';

/**
 * Single byte ranges only (`bytes=a-b`, `bytes=a-`, `bytes=-n`), which is what video and audio seeking sends.
 * Multiple ranges or a malformed header are served whole, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return 'whole';
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'whole';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const rfc5987 = (s: string): string =>
  encodeURIComponent(s).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` for a download: an ASCII fallback and the exact UTF-8 name (RFC 6266), without invisible or
 * control characters even in a record stored before ABU4.
 */
export function attachmentHeader(stored: string): string {
  const name = downloadName(stored);
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'file';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}
