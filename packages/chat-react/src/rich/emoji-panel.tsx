import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { EMOJI_COLLAPSED, EMOJI_NAMES, emojiCode, emojiUrls, facePacks } from './emoji.ts';
import { facePortOf } from './media-port.ts';

interface Props {
  /** Puts an emoji code into the text being written. */
  onInsert: (code: string) => void;
  onClose: () => void;
}

type Tab = 'small' | 'big';

/**
 * The emoji panel (seed 000 §5 and §9, KUPL8): the small-emoji tab puts `[name]` codes into the text (6 shown,
 * the rest on expand); the big-emoji tab sends a face of one of the three packs as a face message at once.
 * Loaded lazily with its images when first opened; Escape or a press outside closes it.
 */
export default function EmojiPanel({ onInsert, onClose }: Props) {
  const t = useT();
  const kit = useKit();
  const [tab, setTab] = useState<Tab>('small');
  const [expanded, setExpanded] = useState(false);
  const [pack, setPack] = useState(0);
  const urls = emojiUrls.use(true);
  const packs = facePacks.use(tab === 'big');
  const facePort = facePortOf(kit.chat);
  const names = expanded ? EMOJI_NAMES : EMOJI_NAMES.slice(0, EMOJI_COLLAPSED);
  const root = useRef<HTMLDivElement>(null);
  // A press outside the panel (its own toggle button aside) closes it.
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element | null;
      if (root.current?.contains(target) || target?.closest?.('.pc-plugins__emoji')) return;
      onClose();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [onClose]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onClose();
  };
  const sendFace = (index: number, data: string) => {
    if (!facePort) return;
    kit.messages.sendText('', (base) => facePort.createFaceMessage({ ...base, payload: { index, data } }));
    onClose();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it
    <div ref={root} className="pc-emoji-panel" data-testid="emoji-panel" onKeyDown={onKeyDown}>
      <div className="pc-emoji-panel__tabs" role="tablist" aria-label={t('rich.emojiPanel')}>
        {(['small', 'big'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className="pc-emoji-panel__tab"
            onClick={() => setTab(name)}
            data-testid={`emoji-tab-${name}`}
          >
            {t(name === 'small' ? 'rich.smallEmoji' : 'rich.bigEmoji')}
          </button>
        ))}
      </div>
      {tab === 'small' ? (
        <div role="tabpanel" className="pc-emoji-panel__body">
          {urls ? (
            <div className="pc-emoji-grid">
              {names.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="pc-emoji-grid__item"
                  onClick={() => onInsert(emojiCode(name))}
                  title={emojiCode(name)}
                  data-testid="emoji-item"
                >
                  <img src={urls[name]} alt={emojiCode(name)} width={24} height={24} />
                </button>
              ))}
            </div>
          ) : (
            <p className="pc-text pc-text--muted">{t('rich.loading')}</p>
          )}
          <button
            type="button"
            className="pc-emoji-panel__more"
            aria-expanded={expanded}
            onClick={() => setExpanded((v) => !v)}
            data-testid="emoji-expand"
          >
            {t(expanded ? 'rich.collapse' : 'rich.expand', { count: EMOJI_NAMES.length })}
          </button>
        </div>
      ) : (
        <div role="tabpanel" className="pc-emoji-panel__body">
          <div className="pc-emoji-panel__packs">
            {(packs ?? []).map((items, index) => (
              <button
                key={items[0]?.key ?? index}
                type="button"
                aria-pressed={pack === index}
                className="pc-emoji-panel__pack"
                onClick={() => setPack(index)}
                aria-label={t('rich.facePack', { n: index + 1 })}
                data-testid={`face-pack-${index}`}
              >
                <img src={items[0]?.url} alt="" width={24} height={24} />
              </button>
            ))}
          </div>
          {packs ? (
            <div className="pc-face-grid">
              {(packs[pack] ?? []).map((face) => (
                <button
                  key={face.key}
                  type="button"
                  className="pc-face-grid__item"
                  onClick={() => sendFace(pack, face.key)}
                  disabled={!facePort}
                  data-testid="face-item"
                >
                  <img src={face.url} alt={t('rich.face')} width={48} height={48} />
                </button>
              ))}
            </div>
          ) : (
            <p className="pc-text pc-text--muted">{t('rich.loading')}</p>
          )}
        </div>
      )}
    </div>
  );
}
