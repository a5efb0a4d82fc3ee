import { AUTH_SCHEME, type UploadKind, type UploadResult, uploadPath } from '@parley/protocol';
import { ChatError } from '../core/errors.ts';
import type { FetchLike } from '../core/http.ts';

export interface UploaderOptions {
  baseURL: string;
  fetch: FetchLike;
  getToken: () => string;
}

export type Upload = (
  kind: UploadKind,
  blob: Blob,
  name: string,
  onProgress: (fraction: number) => void,
) => Promise<UploadResult>;

const FAILED = {
  image: 'MSG_F_UPLOAD_FAIL',
  file: 'MSG_F_UPLOAD_FAIL',
  video: 'MSG_V_UPLOAD_FAIL',
  audio: 'MSG_A_UPLOAD_FAIL',
} as const;

function failure(kind: UploadKind, status: number, text: string): ChatError {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.code === 'number' && body.code !== 0)
      return new ChatError(body.code, typeof body.message === 'string' ? body.message : undefined);
  } catch {
    // not a Parley error body: a proxy's page or a cut connection
  }
  return ChatError.from(FAILED[kind], undefined, { status });
}

/**
 * Uploads one file as multipart/form-data (UPL1). In a browser through XMLHttpRequest, whose upload events give
 * real progress; elsewhere (Node) through fetch, which reports only start and end.
 */
export function createUploader(o: UploaderOptions): Upload {
  const base = o.baseURL.replace(/\/+$/, '');
  return (kind, blob, name, onProgress) => {
    const form = new FormData();
    form.append('file', blob, name);
    const url = `${base}${uploadPath(kind)}`;
    const auth = `${AUTH_SCHEME} ${o.getToken()}`;
    if (typeof XMLHttpRequest !== 'undefined') {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url);
        xhr.setRequestHeader('authorization', auth);
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
        };
        xhr.onload = () => {
          if (xhr.status === 200) resolve(JSON.parse(xhr.responseText) as UploadResult);
          else reject(failure(kind, xhr.status, xhr.responseText));
        };
        xhr.onerror = () => reject(failure(kind, 0, ''));
        xhr.onabort = xhr.onerror;
        xhr.send(form);
      });
    }
    return o.fetch(url, { method: 'POST', headers: { authorization: auth }, body: form }).then(
      async (res) => {
        const text = await res.text();
        if (res.status !== 200) throw failure(kind, res.status, text);
        onProgress(1);
        return JSON.parse(text) as UploadResult;
      },
      () => {
        throw failure(kind, 0, '');
      },
    );
  };
}
