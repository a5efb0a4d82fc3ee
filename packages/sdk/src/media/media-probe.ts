/** What the browser learns about a video before its upload (decision 0016): a frame and the duration. */
export interface VideoProbe {
  second: number;
  snapshot?: { blob: Blob; width: number; height: number };
}

const hasDom = (): boolean => typeof document !== 'undefined' && typeof URL?.createObjectURL === 'function';

function mediaElement(tag: 'video' | 'audio', blob: Blob, timeoutMs: number): Promise<HTMLMediaElement | undefined> {
  return new Promise((resolve) => {
    const el = document.createElement(tag);
    el.preload = 'metadata';
    el.muted = true;
    const url = URL.createObjectURL(blob);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      if (!ok) URL.revokeObjectURL(url);
      resolve(ok ? el : undefined);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    el.onloadedmetadata = () => done(true);
    el.onerror = () => done(false);
    el.src = url;
  });
}

const seconds = (d: number): number => (Number.isFinite(d) && d > 0 ? Math.round(d) : 0);

/** Duration of an audio file in whole seconds; 0 when it cannot be read here (Node, an unknown format). */
export async function probeAudio(blob: Blob, timeoutMs = 5000): Promise<number> {
  if (!hasDom()) return 0;
  const el = await mediaElement('audio', blob, timeoutMs);
  if (!el) return 0;
  URL.revokeObjectURL(el.src);
  return seconds(el.duration);
}

/** Draws a frame near the start onto a canvas: the snapshot shown before the video plays. */
export async function probeVideo(blob: Blob, timeoutMs = 5000): Promise<VideoProbe> {
  if (!hasDom()) return { second: 0 };
  const el = (await mediaElement('video', blob, timeoutMs)) as HTMLVideoElement | undefined;
  if (!el) return { second: 0 };
  const second = seconds(el.duration);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('seek timeout')), timeoutMs);
      el.onseeked = () => {
        clearTimeout(timer);
        resolve();
      };
      el.currentTime = Math.min(0.1, el.duration || 0);
    });
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext('2d')?.drawImage(el, 0, 0);
    const frame = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return frame ? { second, snapshot: { blob: frame, width: el.videoWidth, height: el.videoHeight } } : { second };
  } catch {
    return { second };
  } finally {
    URL.revokeObjectURL(el.src);
  }
}
