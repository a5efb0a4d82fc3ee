import { randomBytes } from 'node:crypto';
import {
  IMAGE_FORMAT,
  IMAGE_SIZE_TYPE,
  type ImageInfo,
  ParleyError,
  UPLOAD_KIND,
  type UploadKind,
  type UploadResult,
  filePath,
} from '@parley/protocol';
import type { Clock } from '../ports.ts';
import type { FileStore, ImageProcessor, ImageVariant, LedgerFile, StagedFile, UploadRecord } from './ports.ts';
import { type UploadAdmission, quotaExceeded } from './quota.ts';
import { withoutInvisible } from './file-name.ts';
import { isoMediaProblem } from './iso-boxes.ts';
import { type Sniffed, sniff } from './sniff.ts';

export interface UploadLimits {
  image: number;
  video: number;
  audio: number;
  file: number;
  imagePixels: number;
}

export interface Uploads {
  store: FileStore;
  images: ImageProcessor;
  limits: UploadLimits;
  clock: Clock;
  /** Per-user rate and quota, and the ledger they are counted in (ABU5–ABU9, decision 0024). */
  admission: UploadAdmission;
}

const TOO_LARGE = {
  image: 'MSG_I_TOO_LARGE',
  video: 'MSG_V_TOO_LARGE',
  audio: 'MSG_A_TOO_LARGE',
  file: 'MSG_F_TOO_LARGE',
} as const;

export const tooLarge = (kind: UploadKind): ParleyError => ParleyError.of(TOO_LARGE[kind]);

/** 128 random bits, base64url: 22 characters (UPL6). */
export const newFileID = (): string => randomBytes(16).toString('base64url');

/**
 * A file name as the user gave it, or a refusal (UPL10): no path separators, no control characters, at most 255
 * characters; bidi controls and other invisible characters are dropped (ABU4). The name is only ever shown and put
 * in Content-Disposition; it never names anything on disk.
 */
export function checkFileName(name: string | undefined): string {
  const n = name ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (n.length > 255 || /[\u0000-\u001f\u007f-\u009f/\\]/.test(n) || n === '.' || n === '..') {
    throw ParleyError.of('INVALID_PARAMS', 'file name must be a plain name of at most 255 characters');
  }
  return withoutInvisible(n) || 'file';
}

/** The kind's allow list (UPL4): image only real images, video only video, audio only audio, file anything. */
function allowed(kind: UploadKind, s: Sniffed): Sniffed {
  if (kind === UPLOAD_KIND.FILE) return s;
  if (kind === UPLOAD_KIND.AUDIO && (s.type === 'video/webm' || s.type === 'video/mp4')) {
    return { type: s.type.replace('video/', 'audio/'), media: 'audio' };
  }
  if (s.media === kind) return s;
  throw notThisKind(kind);
}

function notThisKind(kind: UploadKind, why?: string): ParleyError {
  if (kind === UPLOAD_KIND.IMAGE) return ParleyError.of('MSG_I_TYPE_NOT_ALLOWED', why);
  if (kind === UPLOAD_KIND.VIDEO) return ParleyError.of('MSG_V_TYPE_NOT_ALLOWED', why);
  return ParleyError.of('UNSUPPORTED_VOICE_FORMAT', why);
}

const ISO_MEDIA = new Set(['video/mp4', 'video/quicktime', 'audio/mp4']);

/** A video or audio message's MP4 or MOV must be one, not just start like one (UPL16). */
async function checkIsoMedia(kind: UploadKind, s: Sniffed, staged: StagedFile): Promise<void> {
  if (kind === UPLOAD_KIND.FILE || !ISO_MEDIA.has(s.type)) return;
  const problem = await isoMediaProblem(staged.path, staged.size);
  if (problem) throw notThisKind(kind, `the file is not a playable MP4 or MOV: ${problem}`);
}

const IMAGE_FORMAT_CODE: Record<string, number> = {
  jpeg: IMAGE_FORMAT.JPG,
  gif: IMAGE_FORMAT.GIF,
  png: IMAGE_FORMAT.PNG,
};

type Base = Omit<UploadRecord, 'id' | 'key' | 'size' | 'width' | 'height'>;

/** A stored file's ledger entry; the upload's ID is the first file's (an image's original). */
function ledgerFile(files: LedgerFile[], base: Base, fileID: string, objectKey: string, bytes: number): void {
  const uploadID = files[0]?.fileID ?? fileID;
  files.push({ fileID, uploadID, owner: base.owner, objectKey, bytes, createdAt: base.createdAt, referenced: false });
}

async function storeVariant(
  u: Uploads,
  base: Base,
  v: ImageVariant,
  sizeType: number,
  files: LedgerFile[],
): Promise<ImageInfo & { id: string }> {
  const key = await u.store.putBytes(v.bytes);
  const id = newFileID();
  await u.store.putRecord({ ...base, id, key, size: v.bytes.length, width: v.width, height: v.height });
  ledgerFile(files, base, id, key, v.bytes.length);
  const url = filePath(id);
  return { id, sizeType, type: base.type, size: v.bytes.length, width: v.width, height: v.height, url, imageUrl: url };
}

async function storeImage(u: Uploads, staged: StagedFile, base: Base, s: Sniffed, files: LedgerFile[]) {
  const format = s.imageFormat ?? 'jpeg';
  const derived = await u.images.derive(staged.path, format, {
    tooManyPixels: () => ParleyError.of('MSG_I_TOO_MANY_PIXELS'),
    notAnImage: () => ParleyError.of('MSG_I_TYPE_NOT_ALLOWED', 'the file is not a readable image'),
  });
  const original = await storeVariant(u, base, derived.original, IMAGE_SIZE_TYPE.ORIGINAL, files);
  const large = await storeVariant(u, base, derived.large, IMAGE_SIZE_TYPE.LARGE, files);
  const thumb = await storeVariant(u, base, derived.thumb, IMAGE_SIZE_TYPE.THUMB, files);
  const imageInfoArray = [original, large, thumb].map(({ id: _id, ...info }, i) => ({ ...info, instanceID: i }));
  return {
    uuid: original.id,
    url: original.url,
    kind: base.kind,
    type: base.type,
    size: original.size,
    name: base.name,
    width: original.width,
    height: original.height,
    imageFormat: IMAGE_FORMAT_CODE[format] ?? IMAGE_FORMAT.UNKNOWN,
    imageInfoArray,
  };
}

/** Decides what a staged upload is and stores it (and an image's derivatives), listing the files in `files`. */
async function storeStaged(
  u: Uploads,
  staged: StagedFile,
  base: Omit<Base, 'type' | 'inline'>,
  files: LedgerFile[],
): Promise<UploadResult> {
  const kind = base.kind as UploadKind;
  if (staged.size === 0) throw ParleyError.of('MSG_F_IS_EMPTY');
  const s = allowed(kind, sniff(staged.head));
  await checkIsoMedia(kind, s, staged);
  const full: Base = { ...base, type: s.type, inline: kind !== UPLOAD_KIND.FILE };
  if (kind === UPLOAD_KIND.IMAGE) return await storeImage(u, staged, full, s, files);
  const key = await u.store.commit(staged);
  const id = newFileID();
  await u.store.putRecord({ ...full, id, key, size: staged.size });
  ledgerFile(files, full, id, key, staged.size);
  return { uuid: id, url: filePath(id), kind, type: s.type, size: staged.size, name: base.name };
}

/**
 * Receives one upload (UPL1–UPL11): streams it to staging within the kind's limit and what is left of the user's
 * quota (ABU6), decides what it is from its bytes, derives images, stores it by content hash under a new random
 * file ID and enters it in the ledger. The staging file never outlives the call, whatever happens.
 */
export async function receiveUpload(
  u: Uploads,
  owner: string,
  kind: UploadKind,
  fileName: string | undefined,
  source: AsyncIterable<Uint8Array>,
): Promise<UploadResult> {
  const name = checkFileName(fileName);
  const room = await u.admission.room(owner, u.limits[kind]);
  try {
    const staged = await u.store.stage(source, room.maxBytes, () => (room.byQuota ? quotaExceeded() : tooLarge(kind)));
    try {
      const files: LedgerFile[] = [];
      const result = await storeStaged(u, staged, { owner, kind, name, createdAt: u.clock.now() }, files);
      await u.admission.ledger?.add(files);
      return result;
    } finally {
      await u.store.discard(staged);
    }
  } finally {
    room.release();
  }
}
