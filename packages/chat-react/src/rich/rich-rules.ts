/** Pure rules of the rich-message bubbles (seed 000 §7), unit-tested in test/rich-rules. */

/** Seed 000: images and videos at most 300 px on either side. */
export const MEDIA_MAX = 300;
/** Mobile: the smaller of the app width minus 180 and 300. */
export const MOBILE_MARGIN = 180;

export interface Box {
  width: number;
  height: number;
}

/**
 * The box an image or video takes, reserved before it loads so the list does not jump (KUPL1): the aspect ratio
 * kept, neither side over the limit, never enlarged. Unknown sizes (0) get a square of the limit's half.
 */
export function mediaBox(width: number, height: number, appWidth?: number): Box {
  const max =
    appWidth !== undefined && appWidth > 0 ? Math.max(40, Math.min(appWidth - MOBILE_MARGIN, MEDIA_MAX)) : MEDIA_MAX;
  if (!(width > 0 && height > 0)) return { width: max / 2, height: max / 2 };
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Seed 000 §9: audio bubble width 10 px per second plus 40 px (KUPL4), counted up to the recorder's 60 s (KVOI6): a
 * longer clip from another client is no wider than the longest recording; the CSS also keeps it inside the row.
 */
export const AUDIO_WIDTH_MAX_SECONDS = 60;
export const audioWidth = (second: number): number =>
  10 * Math.min(AUDIO_WIDTH_MAX_SECONDS, Math.max(0, Math.round(Number.isFinite(second) ? second : 0))) + 40;

/**
 * A URL a bubble may load or link to (KUPL2): http or https only, or the local blob of a message being sent.
 * Relative paths (the server's own file paths) resolve against the page and count as http(s).
 */
export function safeUrl(url: unknown, allowBlob = false): string | undefined {
  if (typeof url !== 'string' || url === '') return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip them inside a scheme
  if (/[\u0000-\u0020\u007f\\]/.test(url)) return undefined;
  if (/^https?:\/\/[^/]/i.test(url)) return url;
  if (/^\/[^/]/.test(url)) return url;
  if (allowBlob && /^blob:https?:\/\//i.test(url)) return url;
  return undefined;
}

/** Width units of a character: CJK and other wide characters count 2 (seed 000 §7). */
const isWide = (cp: number): boolean =>
  (cp >= 0x1100 && cp <= 0x115f) ||
  (cp >= 0x2e80 && cp <= 0xa4cf) ||
  (cp >= 0xac00 && cp <= 0xd7a3) ||
  (cp >= 0xf900 && cp <= 0xfaff) ||
  (cp >= 0xfe30 && cp <= 0xfe4f) ||
  (cp >= 0xff00 && cp <= 0xff60) ||
  (cp >= 0xffe0 && cp <= 0xffe6) ||
  cp >= 0x20000;

export function widthUnits(s: string): number {
  let units = 0;
  for (const ch of s) units += isWide(ch.codePointAt(0) ?? 0) ? 2 : 1;
  return units;
}

/** A file card's name: whole when it fits in `max` units, else its start and '...' (KUPL3). */
export function truncateName(name: string, max = 16): string {
  if (widthUnits(name) <= max) return name;
  let out = '';
  let units = 0;
  for (const ch of name) {
    const w = isWide(ch.codePointAt(0) ?? 0) ? 2 : 1;
    if (units + w > max - 2) break;
    out += ch;
    units += w;
  }
  return `${out}...`;
}

/** Seed 000: sizes as B, Kb or Mb with 2 decimals (KUPL3). */
export function formatSize(bytes: number): string {
  const b = Math.max(0, bytes || 0);
  if (b < 1024) return `${b.toFixed(2)}B`;
  if (b < 1024 * 1024) return `${(b / 1024).toFixed(2)}Kb`;
  return `${(b / 1024 / 1024).toFixed(2)}Mb`;
}

export type FileIcon =
  | 'image'
  | 'pdf'
  | 'text'
  | 'ppt'
  | 'presentation'
  | 'sheet'
  | 'zip'
  | 'word'
  | 'video'
  | 'unknown';

const ICONS: [RegExp, FileIcon][] = [
  [/^(jpe?g|png|gif|webp|bmp|svg|heic)$/, 'image'],
  [/^pdf$/, 'pdf'],
  [/^(txt|md|csv|log|json|xml)$/, 'text'],
  [/^pptx?$/, 'ppt'],
  [/^(key|odp)$/, 'presentation'],
  [/^(xlsx?|ods|numbers)$/, 'sheet'],
  [/^(zip|rar|7z|tar|gz|tgz|bz2)$/, 'zip'],
  [/^(docx?|odt|rtf|pages)$/, 'word'],
  [/^(mp4|mov|webm|avi|mkv|m4v)$/, 'video'],
];

/** The card's icon by file extension (seed 000 §7's ten kinds). */
export function fileIcon(name: string): FileIcon {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return ICONS.find(([re]) => re.test(ext))?.[1] ?? 'unknown';
}

/** The parsed JSON data of a custom message, or null. */
export function customData(payload: unknown): Record<string, unknown> | null {
  const data = (payload as { data?: unknown } | null)?.data;
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
