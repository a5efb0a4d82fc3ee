import { IMAGE_FORMAT, IMAGE_SIZE_TYPE, LOCATION_LIMITS, type UploadKind, type UploadResult } from '@parley/protocol';
import { TYPES } from '../constants/types.ts';
import { assertParams } from '../core/guard.ts';
import { buildMessage, checkCommon, type MessageOptions, type Sender } from '../message/factories.ts';
import type { Message } from '../message/message.ts';
import { checkFile, type FileSource, localURL, type PickedFile, pickFile } from './media-file.ts';
import { probeAudio, probeVideo, type VideoProbe } from './media-probe.ts';
import type { Upload } from './uploader.ts';

export type ProgressHandler = (percent: number) => void;
export interface MediaOptions<P> extends MessageOptions<P> {
  /** Upload progress, 0..1 (reference §3.1, media only). */
  onProgress?: ProgressHandler;
}
export interface FilePayloadInput {
  file: FileSource;
}
export interface FacePayload {
  index: number;
  data: string;
}
export interface LocationPayload {
  description: string;
  longitude: number;
  latitude: number;
}

/** What still has to reach the server before a media message can be sent (kept until it is sent). */
interface Pending {
  kind: UploadKind;
  file: PickedFile;
  onProgress: ProgressHandler | undefined;
  /** Parts already uploaded: a resend uploads only what did not arrive (decision 0016). */
  main?: UploadResult;
  snapshot?: UploadResult | null;
  probe?: VideoProbe;
  second?: number;
  /** The upload under way: a second sendMessage while it runs waits for it instead of uploading again. */
  running?: Promise<void> | undefined;
}

interface Deps {
  sender: () => Sender;
  upload: Upload;
  /** The server's origin ('' for same origin): stored file paths become absolute URLs. */
  baseURL: string;
}

const ELEM: Record<UploadKind, string> = {
  image: TYPES.MSG_IMAGE,
  video: TYPES.MSG_VIDEO,
  audio: TYPES.MSG_AUDIO,
  file: TYPES.MSG_FILE,
};

const ext = (name: string): string => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** create{Image,Video,Audio,File,Face,Location}Message and the upload step of sendMessage (decision 0016). */
export class MediaModule {
  readonly #deps: Deps;
  readonly #pending = new WeakMap<Message, Pending>();

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  createMediaMessage(api: string, kind: UploadKind, options: MediaOptions<FilePayloadInput>): Message {
    checkCommon(api, options);
    const file = checkFile(kind, pickFile(options.payload.file));
    const message = buildMessage(this.#deps.sender(), options, ELEM[kind], this.#localPayload(kind, file));
    this.#pending.set(message, { kind, file, onProgress: options.onProgress });
    return message;
  }

  createFaceMessage(options: MessageOptions<FacePayload>): Message {
    const api = 'createFaceMessage';
    checkCommon(api, options);
    const { index, data } = options.payload;
    assertParams(Number.isInteger(index), api, 'payload.index must be an integer');
    assertParams(typeof data === 'string', api, 'payload.data must be a string');
    return buildMessage(this.#deps.sender(), options, TYPES.MSG_FACE, { index, data });
  }

  createLocationMessage(options: MessageOptions<LocationPayload>): Message {
    const api = 'createLocationMessage';
    checkCommon(api, options);
    const { description, longitude, latitude } = options.payload;
    // KLOC1 KLOC2: numbers in range (a string or NaN is no coordinate), a description within the limit.
    assertParams(typeof description === 'string', api, 'payload.description must be a string');
    assertParams(
      description.length <= LOCATION_LIMITS.descriptionMax,
      api,
      `payload.description must be at most ${LOCATION_LIMITS.descriptionMax} characters`,
    );
    assertParams(
      typeof longitude === 'number' && Number.isFinite(longitude) && Math.abs(longitude) <= 180,
      api,
      'payload.longitude must be a number from -180 to 180',
    );
    assertParams(
      typeof latitude === 'number' && Number.isFinite(latitude) && Math.abs(latitude) <= 90,
      api,
      'payload.latitude must be a number from -90 to 90',
    );
    return buildMessage(this.#deps.sender(), options, TYPES.MSG_LOCATION, { description, longitude, latitude });
  }

  /**
   * Called by sendMessage before the message is queued: uploads what is missing and puts the server's URLs in the
   * payload. Progress starts at 0.01 (seed 000 §3). Rejects, leaving what did arrive for the resend, on failure.
   */
  prepare(message: Message, onProgress?: ProgressHandler): Promise<void> | undefined {
    const p = this.#pending.get(message);
    if (!p) return undefined;
    p.running ??= this.#upload(message, p, onProgress).finally(() => {
      p.running = undefined;
    });
    return p.running;
  }

  async #upload(message: Message, p: Pending, onProgress?: ProgressHandler): Promise<void> {
    const report = (fraction: number) => {
      const value = Math.max(message.progress, Math.min(1, Math.max(0.01, fraction)));
      if (value === message.progress) return;
      message.progress = value;
      p.onProgress?.(value);
      onProgress?.(value);
    };
    report(0.01);
    if (p.kind === 'video' && !p.probe) p.probe = await probeVideo(p.file.blob);
    if (p.kind === 'audio' && p.second === undefined) p.second = await this.#audioSecond(p.file);
    p.main ??= await this.#deps.upload(p.kind, p.file.blob, p.file.name, (f) => report(f * 0.95));
    const shot = p.probe?.snapshot;
    if (shot && p.snapshot === undefined) {
      // A snapshot that fails to upload costs the preview frame, not the message.
      p.snapshot = await this.#deps.upload('image', shot.blob, 'snapshot.jpg', () => undefined).catch(() => null);
    }
    message.setPayload(message.type, this.#finalPayload(p));
    this.#pending.delete(message);
    report(1);
  }

  /**
   * KVOI4: whole seconds, from the recorder's duration when it gave one (a MediaRecorder WebM carries none in its
   * header), else from the file; at least 1 for anything that has a length (a 0.6 s clip is not shown as 0″).
   */
  async #audioSecond(file: PickedFile): Promise<number> {
    const ms = file.duration ?? (await probeAudio(file.blob)) * 1000;
    return ms > 0 ? Math.max(1, Math.round(ms / 1000)) : 0;
  }

  #url(path: string): string {
    return /^https?:/i.test(path) ? path : `${this.#deps.baseURL.replace(/\/+$/, '')}${path}`;
  }

  #localPayload(kind: UploadKind, file: PickedFile): Record<string, unknown> {
    const url = localURL(file.blob);
    if (kind === 'image') {
      const info = { sizeType: IMAGE_SIZE_TYPE.ORIGINAL, type: file.type, size: file.size, width: 0, height: 0, url };
      return { imageFormat: IMAGE_FORMAT.UNKNOWN, uuid: '', imageInfoArray: [info] };
    }
    if (kind === 'video') return { videoUrl: url, videoSize: file.size, size: file.size, second: 0, snapshotUrl: '' };
    if (kind === 'audio') {
      const second =
        file.duration !== undefined && file.duration > 0 ? Math.max(1, Math.round(file.duration / 1000)) : 0;
      return { downloadFlag: 2, second, size: file.size, url, remoteAudioUrl: '', uuid: '' };
    }
    return { fileUrl: url, fileName: file.name, fileSize: file.size, downloadFlag: 2 };
  }

  #finalPayload(p: Pending): Record<string, unknown> {
    const main = p.main as UploadResult;
    const url = this.#url(main.url);
    if (p.kind === 'image') {
      const infos = (main.imageInfoArray ?? []).map((i) => ({
        ...i,
        url: this.#url(i.url),
        imageUrl: this.#url(i.url),
      }));
      return { imageFormat: main.imageFormat ?? IMAGE_FORMAT.UNKNOWN, uuid: main.uuid, imageInfoArray: infos };
    }
    if (p.kind === 'audio') {
      const second = p.second ?? 0;
      return { downloadFlag: 2, second, size: main.size, url, remoteAudioUrl: url, uuid: main.uuid };
    }
    if (p.kind === 'file') {
      return {
        downloadFlag: 2,
        fileUrl: url,
        remoteFileUrl: url,
        uuid: main.uuid,
        fileName: main.name,
        fileSize: main.size,
      };
    }
    return this.#videoPayload(main, url, p);
  }

  #videoPayload(main: UploadResult, url: string, p: Pending): Record<string, unknown> {
    const snap = p.snapshot ?? undefined;
    const snapUrl = snap ? this.#url(snap.url) : '';
    const thumb = snap?.imageInfoArray?.[2];
    const second = p.probe?.second ?? 0;
    return {
      videoFormat: ext(p.file.name) || main.type.replace(/^video\//, ''),
      videoSecond: second,
      videoSize: main.size,
      videoUrl: url,
      remoteVideoUrl: url,
      videoUUID: main.uuid,
      videoDownloadFlag: 2,
      thumbUUID: snap?.uuid ?? '',
      thumbFormat: snap ? 'jpg' : '',
      thumbWidth: snap?.width ?? 0,
      thumbHeight: snap?.height ?? 0,
      thumbSize: snap?.size ?? 0,
      thumbUrl: thumb ? this.#url(thumb.url) : snapUrl,
      remoteThumbUrl: thumb ? this.#url(thumb.url) : snapUrl,
      thumbDownloadFlag: 2,
      snapshotUrl: snapUrl,
      snapshotWidth: snap?.width ?? 0,
      snapshotHeight: snap?.height ?? 0,
      snapshotSize: snap?.size ?? 0,
      remoteSnapshotUrl: snapUrl,
      second,
      size: main.size,
    };
  }
}
