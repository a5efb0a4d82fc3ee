import * as Dialog from '@radix-ui/react-dialog';
import { type KeyboardEvent, type TouchEvent, useRef, useState } from 'react';
import { useT } from '../hooks/use-t.ts';
import { usePortal } from '../provider/kit-context.ts';
import { pinchZoom, rotate, step, swipeDirection, wheelZoom } from './previewer-rules.ts';
import { DialogContent } from '../a11y/dialog-content.tsx';

export interface PreviewImage {
  ID: string;
  url: string;
}

interface Props {
  images: PreviewImage[];
  start: number;
  onClose: () => void;
}

const distance = (e: TouchEvent) => {
  const [a, b] = [e.touches[0], e.touches[1]];
  return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
};

/**
 * The image previewer (decision 0016): wheel zoom 0.125–4 and pinch 0.5–4 in steps of 0.1, rotate by 90°, swipe
 * or arrow keys to the previous and next image of the conversation, download, Escape and the backdrop close it.
 * A Radix dialog: focus is trapped while it is open and returns to the image afterwards.
 */
export function ImagePreviewer({ images, start, onClose }: Props) {
  const t = useT();
  const portal = usePortal();
  const [index, setIndex] = useState(start);
  const [scale, setScale] = useState(1);
  const [degrees, setDegrees] = useState(0);
  const touch = useRef<{ x: number; y: number; d: number; scale: number } | null>(null);
  const image = images[index];
  const go = (by: -1 | 1) => {
    setIndex((i) => step(i, by, images.length));
    setScale(1);
    setDegrees(0);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'ArrowRight') go(1);
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-viewer__backdrop" />
        <DialogContent className="pc-viewer" aria-describedby={undefined} onKeyDown={onKeyDown}>
          <Dialog.Title className="pc-sr-only">
            {t('rich.previewTitle', { n: index + 1, total: images.length })}
          </Dialog.Title>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: backdrop click and gestures; keys: Escape, arrows, the bar */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes (Radix), arrows move, the bar has buttons */}
          <div
            className="pc-viewer__stage"
            data-testid="previewer-stage"
            onClick={(e) => e.target === e.currentTarget && onClose()}
            onWheel={(e) => setScale((s) => wheelZoom(s, e.deltaY))}
            onTouchStart={(e) => {
              const first = e.touches[0];
              if (first) touch.current = { x: first.clientX, y: first.clientY, d: distance(e), scale };
            }}
            onTouchMove={(e) => {
              const start = touch.current;
              if (start && e.touches.length === 2) setScale(pinchZoom(start.scale, start.d, distance(e)));
            }}
            onTouchEnd={(e) => {
              const start = touch.current;
              const end = e.changedTouches[0];
              touch.current = null;
              if (!start || !end || start.d > 0) return;
              const dir = swipeDirection(end.clientX - start.x, end.clientY - start.y);
              if (dir !== 0) go(dir);
            }}
          >
            {image ? (
              <img
                className="pc-viewer__image"
                src={image.url}
                alt={t('rich.image')}
                data-scale={scale}
                data-rotate={degrees}
                style={{ transform: `scale(${scale}) rotate(${degrees}deg)` }}
              />
            ) : null}
          </div>
          <div className="pc-viewer__bar">
            <button type="button" onClick={() => go(-1)} disabled={index === 0} aria-label={t('rich.previous')}>
              ‹
            </button>
            <button type="button" onClick={() => setScale((s) => wheelZoom(s, 1))} aria-label={t('rich.zoomOut')}>
              −
            </button>
            <button type="button" onClick={() => setScale((s) => wheelZoom(s, -1))} aria-label={t('rich.zoomIn')}>
              +
            </button>
            <button type="button" onClick={() => setDegrees((d) => rotate(d))} aria-label={t('rich.rotate')}>
              ⟳
            </button>
            {image ? (
              <a href={image.url} download aria-label={t('rich.download')} rel="noopener noreferrer">
                ⤓
              </a>
            ) : null}
            <button
              type="button"
              onClick={() => go(1)}
              disabled={index >= images.length - 1}
              aria-label={t('rich.next')}
            >
              ›
            </button>
            <Dialog.Close className="pc-viewer__close" aria-label={t('rich.close')}>
              ×
            </Dialog.Close>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
