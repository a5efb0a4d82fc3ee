import { type Static, Type } from 'typebox';
import { NO_NUL, Strict } from '../schemas/common.ts';

const Url = Type.String({ maxLength: 2048, pattern: NO_NUL });
const Int = Type.Integer({ minimum: 0, maximum: 2 ** 40 });
const Num = Type.Number({ minimum: 0, maximum: 1e9 });
const Str = (maxLength = 256) => Type.String({ maxLength, pattern: NO_NUL });

/** One `imageInfoArray` entry, as the reference shapes it (§12.1). */
export const ImageInfoSchema = Type.Object(
  {
    instanceID: Type.Optional(Int),
    sizeType: Type.Integer({ minimum: 1, maximum: 3 }),
    type: Type.Optional(Str(64)),
    size: Int,
    width: Int,
    height: Int,
    imageUrl: Type.Optional(Url),
    url: Url,
  },
  Strict,
);
export type ImageInfo = Static<typeof ImageInfoSchema>;

export const ImagePayloadSchema = Type.Object(
  {
    imageFormat: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
    uuid: Type.Optional(Str(128)),
    imageInfoArray: Type.Array(ImageInfoSchema, { minItems: 1, maxItems: 3 }),
  },
  Strict,
);

export const VideoPayloadSchema = Type.Object(
  {
    videoFormat: Type.Optional(Str(16)),
    videoSecond: Type.Optional(Num),
    videoSize: Type.Optional(Int),
    videoUrl: Url,
    remoteVideoUrl: Type.Optional(Url),
    videoUUID: Type.Optional(Str(128)),
    videoDownloadFlag: Type.Optional(Int),
    thumbUUID: Type.Optional(Str(128)),
    thumbFormat: Type.Optional(Str(16)),
    thumbWidth: Type.Optional(Int),
    thumbHeight: Type.Optional(Int),
    thumbSize: Type.Optional(Int),
    thumbUrl: Type.Optional(Url),
    remoteThumbUrl: Type.Optional(Url),
    thumbDownloadFlag: Type.Optional(Int),
    snapshotUrl: Type.Optional(Url),
    snapshotWidth: Type.Optional(Int),
    snapshotHeight: Type.Optional(Int),
    snapshotSize: Type.Optional(Int),
    remoteSnapshotUrl: Type.Optional(Url),
    second: Type.Optional(Num),
    size: Type.Optional(Int),
  },
  Strict,
);

export const AudioPayloadSchema = Type.Object(
  {
    downloadFlag: Type.Optional(Int),
    second: Num,
    size: Int,
    url: Url,
    remoteAudioUrl: Type.Optional(Url),
    uuid: Type.Optional(Str(128)),
  },
  Strict,
);

export const FilePayloadSchema = Type.Object(
  {
    downloadFlag: Type.Optional(Int),
    fileUrl: Url,
    remoteFileUrl: Type.Optional(Url),
    uuid: Type.Optional(Str(128)),
    fileName: Str(255),
    fileSize: Int,
  },
  Strict,
);

/** The answer to an upload (UPL1). `url` is the file's same-origin path; images add their three entries. */
export const UploadResultSchema = Type.Object({
  uuid: Type.String(),
  url: Type.String(),
  kind: Type.String(),
  type: Type.String(),
  size: Type.Integer(),
  name: Type.String(),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  imageFormat: Type.Optional(Type.Integer()),
  imageInfoArray: Type.Optional(Type.Array(ImageInfoSchema)),
});
export type UploadResult = Static<typeof UploadResultSchema>;

/** Swagger's view of the multipart body (the route reads the stream itself). */
export const UploadBodySchema = Type.Object({ file: Type.String({ format: 'binary' }) });
export const FileParamsSchema = Type.Object(
  { fileID: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
  Strict,
);
