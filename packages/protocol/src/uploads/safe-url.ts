import { MESSAGE_TYPE } from '../constants.ts';
import { FILE_PATH_PATTERN } from './constants.ts';

const OWN_FILE_PATH = new RegExp(FILE_PATH_PATTERN);
/** http(s), a host name or bracketed IPv6 address, an optional port, then a path, query or fragment; no user info. */
const HTTP_URL = /^https?:\/\/([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?([/?#][^\s]*)?$/i;

/**
 * A media URL a message may carry (UPL12): an absolute http(s) URL or the same-origin path of a stored upload.
 * Everything else is refused, `javascript:`, `data:`, `vbscript:`, `blob:`, protocol-relative `//host` and `/\host`
 * included, whatever their case, whitespace or control characters (browsers strip those before reading a scheme).
 */
export function isSafeMediaUrl(url: string): boolean {
  if (OWN_FILE_PATH.test(url)) return true;
  // Browsers drop tabs and newlines anywhere and leading C0 controls and spaces: refuse rather than guess.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u0020\u007f\\]/.test(url)) return false;
  return HTTP_URL.test(url);
}

/** A dangerous scheme at the start of a string, read the way a browser reads an href (UPL12). */
export function hasScriptScheme(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore them inside a scheme
  const squeezed = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  return /^(javascript|vbscript|data|livescript):/.test(squeezed);
}

const URL_FIELDS: Record<string, readonly string[]> = {
  [MESSAGE_TYPE.VIDEO]: [
    'videoUrl',
    'remoteVideoUrl',
    'thumbUrl',
    'remoteThumbUrl',
    'snapshotUrl',
    'remoteSnapshotUrl',
  ],
  [MESSAGE_TYPE.AUDIO]: ['url', 'remoteAudioUrl'],
  [MESSAGE_TYPE.FILE]: ['fileUrl', 'remoteFileUrl'],
};

/** Every string of a parsed JSON value, depth-bounded (custom message data is a JSON string of a card). */
function strings(value: unknown, out: string[], depth: number): void {
  if (typeof value === 'string') out.push(value);
  else if (depth < 8 && value && typeof value === 'object') {
    for (const v of Object.values(value as Record<string, unknown>)) strings(v, out, depth + 1);
  }
}

/** Why a payload's URLs are not acceptable (UPL12, UPL13), or undefined. Called after the schema check. */
export function payloadUrlProblem(type: string, payload: Record<string, unknown>): string | undefined {
  if (type === MESSAGE_TYPE.IMAGE) {
    const infos = payload.imageInfoArray as { url: string; imageUrl?: string }[];
    for (const info of infos) {
      for (const u of [info.url, info.imageUrl]) if (u !== undefined && !isSafeMediaUrl(u)) return 'unsafe image URL';
    }
    return undefined;
  }
  const fields = URL_FIELDS[type];
  if (fields) {
    for (const f of fields) {
      const u = payload[f];
      if (f === fields[0] && !u) return `${f} is required`;
      // Optional URLs may be empty (a video without a snapshot); the main one is required by the schema.
      if (typeof u === 'string' && u !== '' && !isSafeMediaUrl(u)) return `unsafe URL in ${f}`;
    }
    return undefined;
  }
  if (type === MESSAGE_TYPE.CUSTOM && typeof payload.data === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.data);
    } catch {
      return undefined;
    }
    const found: string[] = [];
    strings(parsed, found, 0);
    if (found.some(hasScriptScheme)) return 'a custom message link must be http or https';
  }
  return undefined;
}
