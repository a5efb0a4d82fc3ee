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
