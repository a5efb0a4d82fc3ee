import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useStore } from '../../hooks/use-store.ts';
import { useT } from '../../hooks/use-t.ts';
import { useKit, usePortal } from '../../provider/kit-context.ts';
import { THEME_PREFERENCES } from '../../theme/theme-preference.ts';
import { themeStore } from '../../theme/theme-store.ts';
import { quickReplies } from '../plugins/plugin-rules.ts';
import { type ChatSettings, QUICK_REPLY_MAX } from './settings-store.ts';
import { DialogContent } from '../../a11y/dialog-content.tsx';

/**
 * The chat settings (decision 0015): desktop notifications and the nine quick replies, kept per user; and the
 * Light/Dark/System choice (decision 0031), which applies at once and is the page's, shared with the portal.
 */
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const portal = usePortal();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        {open && <SettingsBody onClose={onClose} />}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SettingsBody({ onClose }: { onClose: () => void }) {
  const kit = useKit();
  const t = useT();
  const saved = useStore(kit.settings);
  const [draft, setDraft] = useState<ChatSettings>(() => ({
    notify: saved.notify,
    quickReplies: quickReplies(saved.quickReplies, t),
  }));
  const notify = (patch: Partial<ChatSettings['notify']>) =>
    setDraft((d) => ({ ...d, notify: { ...d.notify, ...patch } }));
  const quick = draft.quickReplies ?? [];
  const save = () => {
    const defaults = quickReplies(null, t);
    const same = quick.every((q, i) => q === defaults[i]);
    kit.settings.save({ ...draft, quickReplies: same ? null : quick });
    // The switch is the user's own act: a sensible moment to ask the browser (never on load).
    if (draft.notify.allow) kit.notifier.ask();
    onClose();
  };
  const blocked = kit.notifier.permission() === 'denied';
  return (
    <DialogContent className="pc-dialog pc-settings" aria-describedby={undefined} data-testid="settings-dialog">
      <Dialog.Title className="pc-dialog__title">{t('actions.settings.title')}</Dialog.Title>
      {/* UI29: the body scrolls, the title and the buttons stay in view at 768 px and on phones. */}
      <div className="pc-settings__body" data-testid="settings-body">
        <ThemeChoice />
        <fieldset className="pc-settings__group">
          <legend>{t('actions.notify.heading')}</legend>
          <Check name="allow" draft={draft} onChange={notify} />
          {blocked && <p className="pc-field__error">{t('actions.notify.blocked')}</p>}
          <Check name="previews" draft={draft} onChange={notify} />
          <label className="pc-field">
            <span className="pc-field__label">{t('actions.notify.title')}</span>
            <input
              className="pc-field__input"
              value={draft.notify.title}
              maxLength={60}
              placeholder={t('actions.notify.defaultTitle')}
              onChange={(e) => notify({ title: e.target.value })}
            />
          </label>
          <label className="pc-field">
            <span className="pc-field__label">{t('actions.notify.icon')}</span>
            <input
              className="pc-field__input"
              value={draft.notify.icon}
              maxLength={500}
              type="url"
              onChange={(e) => notify({ icon: e.target.value })}
            />
          </label>
        </fieldset>
        <fieldset className="pc-settings__group">
          <legend>{t('actions.quick.edit')}</legend>
          {quick.map((q, i) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: the nine slots are fixed
              key={i}
              className="pc-field__input"
              value={q}
              maxLength={QUICK_REPLY_MAX}
              aria-label={t('actions.quick.item', { n: i + 1 })}
              onChange={(e) =>
                setDraft((d) => ({ ...d, quickReplies: quick.map((x, j) => (j === i ? e.target.value : x)) }))
              }
              data-testid="quick-edit"
            />
          ))}
          <button
            type="button"
            className="pc-link"
            onClick={() => setDraft((d) => ({ ...d, quickReplies: quickReplies(null, t) }))}
          >
            {t('actions.quick.reset')}
          </button>
        </fieldset>
      </div>
      <div className="pc-dialog__actions pc-settings__footer">
        <button type="button" className="pc-button" onClick={onClose}>
          {t('actions.settings.close')}
        </button>
        <button type="button" className="pc-button pc-button--primary" onClick={save} data-testid="settings-save">
          {t('actions.settings.save')}
        </button>
      </div>
    </DialogContent>
  );
}

/** Light, Dark or System as three radios (UI14): arrow keys move between them, the choice applies and is stored at once. */
function ThemeChoice() {
  const t = useT();
  const store = themeStore();
  const { preference } = useStore(store);
  return (
    <fieldset className="pc-settings__group" data-testid="theme-choice">
      <legend>{t('actions.theme.heading')}</legend>
      {THEME_PREFERENCES.map((option) => (
        <label key={option} className="pc-settings__check">
          <input
            type="radio"
            name="pc-theme"
            value={option}
            checked={preference === option}
            onChange={() => store.setPreference(option)}
          />
          {t(`actions.theme.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** One on/off notification setting. */
function Check({
  name,
  draft,
  onChange,
}: {
  name: 'allow' | 'previews';
  draft: ChatSettings;
  onChange: (patch: Partial<ChatSettings['notify']>) => void;
}) {
  const t = useT();
  return (
    <label className="pc-settings__check">
      <input
        type="checkbox"
        checked={draft.notify[name]}
        onChange={(e) => onChange({ [name]: e.target.checked })}
        data-testid={`notify-${name}`}
      />
      {t(`actions.notify.${name}`)}
    </label>
  );
}
