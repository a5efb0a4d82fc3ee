import {
  AUDIO_EXT_PATTERN,
  AUDIO_TYPE_PATTERN,
  DEFAULT_UPLOAD_LIMITS,
  type ErrorName,
  type UploadKind,
} from '@parley/protocol';
import { ChatError } from '../core/errors.ts';

/** What `payload.file` may be (reference §3.1): a File or Blob, or an `<input type=file>` holding one. */
export type FileSource = Blob | { files?: ArrayLike<Blob> | null } | null | undefined;

export interface PickedFile {
  blob: Blob;
  name: string;
  type: string;
  size: number;
  /** Milliseconds, when a recorder reported it (TIM's recorder result carries `duration`). */
  duration?: number;
}

const isBlob = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

/** The file behind `payload.file`, or undefined when there is none to send. */
export function pickFile(source: FileSource): PickedFile | undefined {
  let blob: unknown = source;
  if (!isBlob(source) && source && typeof source === 'object' && 'files' in source) blob = source.files?.[0];
  if (!isBlob(blob)) return undefined;
  const named = blob as Blob & { name?: unknown; duration?: unknown };
  const picked: PickedFile = {
    blob,
    name: typeof named.name === 'string' && named.name ? named.name : 'file',
    type: blob.type,
    size: blob.size,
  };
  if (typeof named.duration === 'number' && Number.isFinite(named.duration)) picked.duration = named.duration;
  return picked;
}

const SIZE_ERROR: Record<UploadKind, ErrorName> = {
  image: 'MSG_I_TOO_LARGE',
  video: 'MSG_V_TOO_LARGE',
  audio: 'MSG_A_TOO_LARGE',
  file: 'MSG_F_TOO_LARGE',
};

const IMAGE_EXT = /\.(jpe?g|png|gif|webp)$/i;
const IMAGE_TYPE = /^image\/(jpeg|png|gif|webp)$/;
const VIDEO_EXT = /\.(mp4|mov|webm|m4v)$/i;
const VIDEO_TYPE = /^video\//;

/**
 * The early checks TIM makes before uploading (reference §3.2): size limits and the image and video formats. The
 * server decides again from the bytes (UPL3); these only spare the user a useless upload.
 */
export function checkFile(kind: UploadKind, file: PickedFile | undefined): PickedFile {
  if (!file)
    throw ChatError.from(kind === 'image' ? 'MSG_I_TYPE_NOT_ALLOWED' : 'MSG_F_IS_EMPTY', 'payload.file is required');
  if (file.size === 0) throw ChatError.from('MSG_F_IS_EMPTY');
  if (file.size > DEFAULT_UPLOAD_LIMITS[kind]) throw ChatError.from(SIZE_ERROR[kind]);
  if (kind === 'image' && !IMAGE_TYPE.test(file.type) && !IMAGE_EXT.test(file.name))
    throw ChatError.from('MSG_I_TYPE_NOT_ALLOWED');
  if (kind === 'video' && !VIDEO_TYPE.test(file.type) && !VIDEO_EXT.test(file.name))
    throw ChatError.from('MSG_V_TYPE_NOT_ALLOWED');
  // KVOI8: a recorder's output (webm, ogg, mp4/m4a, mp3, aac...) by its type or name; a typeless blob gets the benefit.
  if (kind === 'audio' && file.type !== '' && !AUDIO_TYPE_PATTERN.test(file.type) && !AUDIO_EXT_PATTERN.test(file.name))
    throw ChatError.from('UNSUPPORTED_VOICE_FORMAT');
  return file;
}

/** A local URL for a file being sent (the kit shows it before the upload ends), when the platform has one. */
export function localURL(blob: Blob): string {
  return typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '';
}
