import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useT } from '../hooks/use-t.ts';
import type { ContentProps } from '../message-list/content-props.ts';
import type { MessageItem } from '../message-list/message-item.ts';
import { TYPES } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import type { PreviewImage } from './image-previewer.tsx';
import { audioWidth, mediaBox, safeUrl } from './rich-rules.ts';

// The previewer loads when an image is first opened (the chat's first load, ≤ 250 KB).
const ImagePreviewer = lazy(() => import('./image-previewer.tsx').then((m) => ({ default: m.ImagePreviewer })));

type Payload = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const payloadOf = (item: ContentProps['item']): Payload => (item.payload ?? {}) as Payload;
/** The app width on a phone-sized screen, for the mobile media limit (KUPL1). */
const mobileWidth = (): number | undefined =>
  typeof window !== 'undefined' && window.innerWidth < 768 ? window.innerWidth : undefined;

interface ImageInfo {
  sizeType?: number;
  url?: unknown;
  width?: number;
  height?: number;
}

/** A broken or unsafe image is a placeholder of the same size, never the browser's broken icon (KUPL2). */
function Placeholder({ width, height, label }: { width: number; height: number; label: string }) {
  return (
    <span className="pc-media pc-media--broken" style={{ width, height }} role="img" aria-label={label}>
      {label}
    </span>
  );
}

/** Upload progress of a media message being sent, as a bar with its percentage (KUPL10); nothing once settled. */
export function UploadProgress({ item }: ContentProps) {
  const t = useT();
  if (item.status !== 'unSend' || !(item.progress > 0) || item.progress >= 1) return null;
  const percent = Math.round(item.progress * 100);
  return (
    <span
      className="pc-progress"
      role="progressbar"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={t('rich.uploading', { percent })}
      data-testid="upload-progress"
    >
      <span className="pc-progress__bar" style={{ width: `${percent}%` }} />
    </span>
  );
}

const infosOf = (item: Pick<MessageItem, 'payload'>): ImageInfo[] => {
  const list = (item.payload as { imageInfoArray?: unknown } | null)?.imageInfoArray;
  return Array.isArray(list) ? (list as ImageInfo[]) : [];
};

/** The conversation's images, in list order, for the previewer's previous and next (decision 0016). */
function previewList(items: readonly MessageItem[]): PreviewImage[] {
  return items.flatMap((m) => {
    if (m.type !== TYPES.MSG_IMAGE || m.isRevoked) return [];
    const infos = infosOf(m);
    const url = safeUrl((infos.find((i) => i.sizeType === 1) ?? infos[0])?.url, m.status !== 'success');
    return url ? [{ ID: m.ID, url }] : [];
  });
}

/** Image bubble: the preview entry, in a box reserved from the original's size before it loads (KUPL1). */
export function ImageContent({ item }: ContentProps) {
  const t = useT();
  const kit = useKit();
  const [broken, setBroken] = useState(false);
  const [preview, setPreview] = useState<PreviewImage[] | null>(null);
  const infos = infosOf(item);
  const original = infos.find((i) => i.sizeType === 1) ?? infos[0];
  const shown = infos.find((i) => i.sizeType === 2) ?? original;
  const box = mediaBox(num(original?.width), num(original?.height), mobileWidth());
  const src = safeUrl(shown?.url, item.status !== 'success');
  if (!src || broken) return <Placeholder {...box} label={t('rich.imageBroken')} />;
  const images = preview ?? [];
  return (
    <>
      <button
        type="button"
        className="pc-media"
        onClick={() => setPreview(previewList(kit.messages.getSnapshot().items))}
        aria-label={t('rich.image')}
      >
        <img
          className="pc-media pc-media--image"
          src={src}
          width={box.width}
          height={box.height}
          alt={t('rich.image')}
          loading="lazy"
          onError={() => setBroken(true)}
        />
      </button>
      <UploadProgress item={item} />
      {preview ? (
        <Suspense fallback={null}>
          <ImagePreviewer
            images={images}
            start={Math.max(
              0,
              images.findIndex((i) => i.ID === item.ID),
            )}
            onClose={() => setPreview(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Video bubble: the snapshot with a play button; plays inline on click (KUPL1). */
export function VideoContent({ item }: ContentProps) {
  const t = useT();
  const p = payloadOf(item);
  const [playing, setPlaying] = useState(false);
  const box = mediaBox(num(p.snapshotWidth), num(p.snapshotHeight), mobileWidth());
  const video = safeUrl(p.videoUrl, item.status !== 'success');
  const poster = safeUrl(p.snapshotUrl) ?? safeUrl(p.thumbUrl);
  if (!video) return <Placeholder {...box} label={t('rich.video')} />;
  const progress = <UploadProgress item={item} />;
  if (playing) {
    // biome-ignore lint/a11y/useMediaCaption: user-sent videos come without captions
    return <video className="pc-media" src={video} width={box.width} height={box.height} controls autoPlay />;
  }
  return (
    <>
      <button
        type="button"
        className="pc-media pc-media--video"
        style={{ width: box.width, height: box.height, ...(poster ? { backgroundImage: `url("${poster}")` } : {}) }}
        onClick={() => setPlaying(true)}
        aria-label={t('rich.play')}
      >
        <span className="pc-media__play" aria-hidden="true">
          ▶
        </span>
      </button>
      {progress}
    </>
  );
}

/** The one audio element playing in the page: starting another pauses it (decision 0016, KVOI6). */
let current: HTMLAudioElement | null = null;

/**
 * Audio bubble (KUPL4, KVOI6): 10 px a second plus 40 px wide (up to 60 s), play and pause, the duration in seconds.
 * A TIMSoundElem from any TIM client plays from its `url` (or `remoteAudioUrl`).
 */
export function AudioContent({ item }: ContentProps) {
  const t = useT();
  const p = payloadOf(item);
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const src = safeUrl(p.url, item.status !== 'success') ?? safeUrl(p.remoteAudioUrl);
  const second = Math.max(0, Math.round(num(p.second)));
  useEffect(() => () => ref.current?.pause(), []);
  const toggle = () => {
    const el = ref.current;
    if (!el) return;
    if (!el.paused) {
      el.pause();
      return;
    }
    if (current && current !== el) current.pause();
    current = el;
    void el.play().catch(() => setPlaying(false));
  };
  const out = item.flow === 'out';
  return (
    <>
      <button
        type="button"
        className={out ? 'pc-audio pc-audio--out' : 'pc-audio'}
        style={{ width: audioWidth(second) }}
        onClick={toggle}
        disabled={!src}
        aria-pressed={playing}
        aria-label={playing ? t('rich.pause') : t('rich.play')}
        title={t('voice.duration', { second })}
        data-testid="audio-bubble"
        data-playing={playing ? 'true' : undefined}
      >
        <span className="pc-audio__icon" aria-hidden="true">
          {playing ? '❚❚' : '▶'}
        </span>
        <span className="pc-audio__second">{second}″</span>
        {src ? (
          // biome-ignore lint/a11y/useMediaCaption: voice messages have no captions
          <audio
            ref={ref}
            src={src}
            preload="none"
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
          />
        ) : null}
      </button>
      <UploadProgress item={item} />
    </>
  );
}
