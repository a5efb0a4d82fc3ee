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
      // The image and video buttons accept only their kind (seed 000 §7); the file button anything.
      if (forced && forced !== 'file' && attachKind(file) !== forced) continue;
      kit.messages.sendText('', factoryFor(port, file, kind));
    }
  };
}

/** Paste and drop on the input area: images as image messages, videos as video messages, the rest as files. */
export function usePasteDrop(disabled: boolean) {
  const send = useSendFiles();
  return {
    onPaste: (event: ClipboardEvent) => {
      const files = [...event.clipboardData.files];
      if (disabled || !send || files.length === 0) return;
      event.preventDefault();
      send(files);
    },
    onDragOver: (event: DragEvent) => {
      if (!disabled && send && event.dataTransfer.types.includes('Files')) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      const files = [...event.dataTransfer.files];
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
