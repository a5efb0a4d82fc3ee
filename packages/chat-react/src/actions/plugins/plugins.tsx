import * as Dialog from '@radix-ui/react-dialog';
import { type FocusEvent, lazy, Suspense, useState } from 'react';
import { useStore } from '../../hooks/use-store.ts';
import { useT } from '../../hooks/use-t.ts';
import type { ChatKit } from '../../provider/chat-kit.ts';
import type { ChatMessage } from '../../provider/chat-port.ts';
import { useKit, usePortal } from '../../provider/kit-context.ts';
import { evaluationPayload, quickReplies } from './plugin-rules.ts';
import { DialogContent } from '../../a11y/dialog-content.tsx';

// Loaded when first opened (the chat's first load, ≤ 250 KB).
const SettingsDialog = lazy(() =>
  import('../settings/settings-dialog.tsx').then((m) => ({ default: m.SettingsDialog })),
);

type CustomFactory = (options: {
  to: string;
  conversationType: string;
  payload: { data: string; description: string; extension: string };
}) => ChatMessage;

function customFactory(kit: ChatKit): CustomFactory | null {
  const c = kit.chat as unknown as { createCustomMessage?: CustomFactory };
  return typeof c.createCustomMessage === 'function' ? c.createCustomMessage.bind(kit.chat) : null;
}

/** Quick replies, service rating and the chat settings: the message actions' input plugins (decision 0015). */
export function ActionPlugins({ disabled, onInsert }: { disabled: boolean; onInsert: (text: string) => void }) {
  const t = useT();
  const [rating, setRating] = useState(false);
  const [settings, setSettings] = useState(false);
  return (
    <div className="pc-plugins pc-plugins--actions">
      <QuickReplies disabled={disabled} onInsert={onInsert} />
      <button
        type="button"
        className="pc-plugins__button"
        disabled={disabled}
        onClick={() => setRating(true)}
        data-testid="plugin-rating"
      >
        {t('actions.rating.open')}
      </button>
      <button
        type="button"
        className="pc-plugins__button"
        onClick={() => setSettings(true)}
        data-testid="plugin-settings"
      >
        {t('actions.settings.open')}
      </button>
      <RatingDialog open={rating} onClose={() => setRating(false)} />
      {settings && (
        <Suspense fallback={null}>
          <SettingsDialog open onClose={() => setSettings(false)} />
        </Suspense>
      )}
    </div>
  );
}

function QuickReplies({ disabled, onInsert }: { disabled: boolean; onInsert: (text: string) => void }) {
  const kit = useKit();
  const t = useT();
  const [open, setOpen] = useState(false);
  const list = quickReplies(useStore(kit.settings).quickReplies, t);
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    <fieldset className="pc-quick" onBlur={leave} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="pc-plugins__button"
        disabled={disabled}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="plugin-quick"
      >
        {t('actions.quick.open')}
      </button>
      {open && (
        <ul className="pc-quick__list" aria-label={t('actions.quick.heading')} data-testid="quick-list">
          {list.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: nine fixed slots, two may read the same
            <li key={i} className="pc-quick__row">
              <button
                type="button"
                className="pc-quick__text"
                onClick={() => {
                  onInsert(text);
                  setOpen(false);
                }}
                data-testid="quick-insert"
              >
                {text}
              </button>
              <button
                type="button"
                className="pc-link pc-quick__send"
                onClick={() => {
                  kit.messages.sendText(text);
                  setOpen(false);
                }}
                data-testid="quick-send"
              >
                {t('actions.quick.send')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Service rating (decision 0015): 5 stars, at least 1 and 1 by default, and a comment; sends the evaluation message. */
function RatingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const [score, setScore] = useState(1);
  const [comment, setComment] = useState('');
  const create = customFactory(kit);
  const submit = () => {
    if (!create) return;
    const payload = evaluationPayload(score, comment);
    kit.messages.sendText('', (base) => create({ to: base.to, conversationType: base.conversationType, payload }));
    setScore(1);
    setComment('');
    onClose();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog" aria-describedby={undefined} data-testid="rating-dialog">
          <Dialog.Title className="pc-dialog__title">{t('actions.rating.title')}</Dialog.Title>
          <fieldset className="pc-stars">
            <legend className="pc-visually-hidden">{t('actions.rating.title')}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={n <= score ? 'pc-star pc-star--on' : 'pc-star'} data-testid="rating-star">
                <input
                  type="radio"
                  name="pc-rating"
                  className="pc-visually-hidden"
                  checked={score === n}
                  onChange={() => setScore(n)}
                  aria-label={t('actions.rating.star', { count: n })}
                />
                {n <= score ? '★' : '☆'}
              </label>
            ))}
          </fieldset>
          <label className="pc-field">
            <span className="pc-field__label">{t('actions.rating.comment')}</span>
            <textarea
              className="pc-field__input pc-rating__comment"
              value={comment}
              maxLength={500}
              onChange={(e) => setComment(e.target.value)}
              data-testid="rating-comment"
            />
          </label>
          <div className="pc-dialog__actions">
            <button type="button" className="pc-button" onClick={onClose}>
              {t('actions.rating.cancel')}
            </button>
            <button
              type="button"
              className="pc-button pc-button--primary"
              disabled={!create}
              onClick={submit}
              data-testid="rating-submit"
            >
              {t('actions.rating.submit')}
            </button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
