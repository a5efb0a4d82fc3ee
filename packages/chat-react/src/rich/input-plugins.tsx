import { type ClipboardEvent, type DragEvent, Suspense, lazy, useCallback, useRef, useState } from 'react';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { LocationButton } from '../location/location-dialog.tsx';
import { VoiceButton } from '../voice/voice-button.tsx';
import { type AttachKind, attachKind, factoryFor, mediaPortOf } from './media-port.ts';

/** The emoji panel and its images load when first opened (the chat's first load stays small). */
const EmojiPanel = lazy(() => import('./emoji-panel.tsx'));

const ACCEPT: Record<AttachKind, string> = {
  image: 'image/jpeg,image/png,image/gif,image/webp',
  video: 'video/*',
  file: '',
};

/** Sends files as messages: each by its own kind, or as `forced` (the image and video buttons). */
export function useSendFiles(): ((files: Iterable<File>, forced?: AttachKind) => void) | null {
  const kit = useKit();
  const port = mediaPortOf(kit.chat);
  if (!port) return null;
  return (files, forced) => {
    for (const file of files) {
      const kind = forced ?? attachKind(file);
      // The image and video buttons accept only their kind (seed 000 §7); the file button anything. A file of
      // another kind picked anyway (the picker's "all files") says so instead of doing nothing (UI27).
      if (forced && forced !== 'file' && attachKind(file) !== forced) {
        kit.toasts.error(kit.t(forced === 'image' ? 'rich.notAnImage' : 'rich.notAVideo', { name: file.name }));
        continue;
      }
      kit.messages.sendText('', factoryFor(port, file, kind));
    }
  };
}

/**
 * UI26: files dropped anywhere on the chat window are sent (images as images, videos as videos, the rest as files),
 * with an overlay while files are dragged over it. Nothing while the user may not send (muted).
 */
export function useDropZone(disabled: boolean) {
  const send = useSendFiles();
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for every child the pointer crosses: count them.
  const depth = useRef(0);
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const active = !disabled && send !== null;
  const end = () => {
    depth.current = 0;
    setDragging(false);
  };
  return {
    dragging: active && dragging,
    handlers: {
      onDragEnter: (event: DragEvent) => {
        if (!active || !carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      },
      onDragOver: (event: DragEvent) => {
        if (!active || !carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (event: DragEvent) => {
        if (!active || !carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        const files = [...event.dataTransfer.files];
        end();
        if (!active || files.length === 0) return;
        event.preventDefault();
        send?.(files);
      },
    },
  };
}

/** The overlay over the chat window while files are dragged over it (UI26). */
export function DropOverlay() {
  const t = useT();
  return (
    <div className="pc-drop-overlay" data-testid="drop-overlay" aria-hidden="true">
      <span className="pc-drop-overlay__label">{t('rich.dropHere')}</span>
    </div>
  );
}

/** Paste on the input area: images as image messages, videos as video messages, the rest as files (drop: UI26). */
export function usePaste(disabled: boolean) {
  const send = useSendFiles();
  return {
    onPaste: (event: ClipboardEvent) => {
      const files = [...event.clipboardData.files];
      if (disabled || !send || files.length === 0) return;
      event.preventDefault();
      send(files);
    },
  };
}

/** The emoji, image, video and file buttons of the input area (KUPL8). */
export function InputPlugins({ disabled, onInsert }: { disabled: boolean; onInsert?: (code: string) => void }) {
  const t = useT();
  const send = useSendFiles();
  const [panel, setPanel] = useState(false);
  const close = useCallback(() => setPanel(false), []);
  const inputs = useRef<Partial<Record<AttachKind, HTMLInputElement | null>>>({});
  const kinds: AttachKind[] = send ? ['image', 'video', 'file'] : [];
  return (
    <div className="pc-plugins">
      {onInsert ? (
        <span>
          <button
            type="button"
            className="pc-plugins__button pc-plugins__emoji"
            disabled={disabled}
            aria-expanded={panel}
            onClick={() => setPanel((v) => !v)}
            data-testid="plugin-emoji"
          >
            {t('rich.emoji')}
          </button>
        </span>
      ) : null}
      {kinds.map((kind) => (
        <span key={kind}>
          <button
            type="button"
            className="pc-plugins__button"
            disabled={disabled}
            onClick={() => inputs.current[kind]?.click()}
            data-testid={`plugin-${kind}`}
          >
            {t(`rich.${kind}`)}
          </button>
          <input
            ref={(el) => {
              inputs.current[kind] = el;
            }}
            type="file"
            hidden
            accept={ACCEPT[kind] || undefined}
            data-testid={`plugin-${kind}-input`}
            onChange={(event) => {
              send?.(event.currentTarget.files ?? [], kind);
              event.currentTarget.value = '';
            }}
          />
        </span>
      ))}
      {/* Decisions 0033 and 0034: each shows only when the SDK has its factory. */}
      <VoiceButton disabled={disabled} />
      <LocationButton disabled={disabled} />
      {panel && onInsert && !disabled ? (
        <Suspense fallback={<p className="pc-emoji-panel pc-text--muted">{t('rich.loading')}</p>}>
          <EmojiPanel onInsert={onInsert} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
