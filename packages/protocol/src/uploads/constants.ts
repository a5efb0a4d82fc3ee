import { API_PREFIX } from '../routes.ts';

/** What an upload is for: the message kind it becomes (decision 0016). The server checks the bytes against the kind. */
export const UPLOAD_KIND = { IMAGE: 'image', VIDEO: 'video', AUDIO: 'audio', FILE: 'file' } as const;
export type UploadKind = (typeof UPLOAD_KIND)[keyof typeof UPLOAD_KIND];
export const UPLOAD_KINDS: readonly UploadKind[] = Object.values(UPLOAD_KIND);

/** The upload route of each kind (multipart/form-data, one part named `file`) and a stored file's capability URL. */
export const uploadPath = (kind: UploadKind): string => `${API_PREFIX}/uploads/${kind}`;
export const UPLOAD_ROUTES = { file: `${API_PREFIX}/files/:fileID` } as const;
export const filePath = (fileID: string): string => `${API_PREFIX}/files/${fileID}`;

/** A file ID: 128 random bits, base64url (rule UPL6). The whole same-origin path form of a stored file. */
export const FILE_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';
export const FILE_PATH_PATTERN = `^${API_PREFIX.replace(/\//g, '\\/')}\\/files\\/[A-Za-z0-9_-]{22}$`;

/** Default size limits per kind, in bytes (the reference SDK's: image and audio 20 MB, video and file 100 MB). */
export const DEFAULT_UPLOAD_LIMITS = {
  image: 20 * 1024 * 1024,
  video: 100 * 1024 * 1024,
  audio: 20 * 1024 * 1024,
  file: 100 * 1024 * 1024,
  /** Decoded pixels an image may have (decompression bombs, UPL9): 40 megapixels. */
  imagePixels: 40_000_000,
} as const;

/** Longest side of the derivatives (decision 0016) and the `sizeType` of each `imageInfoArray` entry. */
export const IMAGE_LARGE_MAX = 720;
export const IMAGE_THUMB_MAX = 198;
export const IMAGE_SIZE_TYPE = { ORIGINAL: 1, LARGE: 2, THUMB: 3 } as const;
/** The reference's `imageFormat` codes. */
export const IMAGE_FORMAT = { JPG: 1, GIF: 2, PNG: 3, BMP: 4, UNKNOWN: 255 } as const;

/**
 * Voice and location messages (decisions 0033, 0034). A voice message lasts at least `minMs` and at most `maxMs`
 * (the reference SDK's recorder limit, 60 s: at the limit the recording is sent, KVOI3); a location's description
 * is at most `descriptionMax` characters (KLOC2).
 */
export const VOICE_LIMITS = { minMs: 1000, maxMs: 60_000 } as const;
export const LOCATION_LIMITS = { descriptionMax: 100 } as const;

/** What a voice recording may be, by declared type or name, before the server decides from the bytes (KVOI8). */
export const AUDIO_TYPE_PATTERN = /^(audio\/[\w.+-]+|video\/(webm|mp4|ogg))(;.*)?$/i;
export const AUDIO_EXT_PATTERN = /\.(webm|ogg|oga|opus|mp4|m4a|mp3|aac|wav|amr|flac)$/i;

/**
 * An operator's map link template (`{lat}` and `{lng}` placeholders, KLOC5): an http(s) URL naming both, or ''.
 * Shared by the server (which refuses a bad PARLEY_MAP_URL_TEMPLATE at start) and the kit (which fills it).
 */
export function isMapUrlTemplate(template: string): boolean {
  if (template.length > 2000 || !template.includes('{lat}') || !template.includes('{lng}')) return false;
  // No URL parser here (the protocol package has no DOM or Node types): a host, an optional port, then anything
  // but whitespace, quotes and angle brackets.
  const filled = template.replaceAll('{lat}', '0').replaceAll('{lng}', '0');
  return /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#][^\s"'<>`]*)?$/i.test(filled);
}

/** The template with the coordinates filled in (each placeholder, every occurrence). */
export function fillMapUrl(template: string, latitude: number, longitude: number): string {
  return template.replaceAll('{lat}', String(latitude)).replaceAll('{lng}', String(longitude));
}
