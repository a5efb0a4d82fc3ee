import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { Avatar } from '../../avatar/avatar.tsx';
import { avatarOf, conversationName } from '../../conversation-list/conversation-text.ts';
import { useStore } from '../../hooks/use-store.ts';
import { useT } from '../../hooks/use-t.ts';
import type { MessageItem } from '../../message-list/message-item.ts';
import { peerOf } from '../../provider/chat-port.ts';
import { useKit, usePortal } from '../../provider/kit-context.ts';
import { forwardTargets } from './forward.ts';
import { DialogContent } from '../../a11y/dialog-content.tsx';

/** Multi-select (decision 0015): a checkbox beside each stored message while the mode is on. */
export function SelectToggle({ item }: { item: MessageItem }) {
  const kit = useKit();
  const t = useT();
  const { active, ids } = useStore(kit.features.selection);
  if (!active || item.status !== 'success' || item.isRevoked) return null;
  return (
    <label className="pc-select">
      <input
        type="checkbox"
        checked={ids.includes(item.ID)}
        onChange={() => kit.features.selection.toggle(item.ID)}
        aria-label={t('actions.selection.pick')}
        data-testid="select-message"
      />
    </label>
  );
}

/** Takes the input's place while multi-select is on: forward one by one, forward merged, delete, cancel. */
export function SelectionBar() {
  const kit = useKit();
  const t = useT();
  const { active, ids } = useStore(kit.features.selection);
  if (!active) return null;
  const none = ids.length === 0;
  const features = kit.features;
  return (
    <div className="pc-select-bar" data-testid="selection-bar">
      <span className="pc-select-bar__count" aria-live="polite">
        {t('actions.selection.count', { count: ids.length })}
      </span>
      <div className="pc-select-bar__actions">
        {features.port &&
          (['each', 'merged'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              className="pc-button"
              disabled={none}
              onClick={() => features.forwardSelected(mode)}
              data-testid={`forward-${mode}`}
            >
              {t(`actions.selection.${mode}`)}
            </button>
          ))}
        <button
          type="button"
          className="pc-button pc-button--danger"
          disabled={none || !kit.actions.canAct}
          onClick={() => features.deleteSelected()}
          data-testid="delete-selected"
        >
          {t('actions.selection.delete')}
        </button>
        <button type="button" className="pc-button" onClick={() => features.selection.clear()}>
          {t('actions.selection.cancel')}
        </button>
      </div>
    </div>
  );
}

/**
 * The forward dialog (rule KACT16): conversations most recent first, searchable, several may be
 * chosen; Send forwards and a toast tells how it went.
 */
export function ForwardDialog() {
  const kit = useKit();
  const request = useStore(kit.features.forwardRequest);
  const close = () => kit.features.forwardRequest.close();
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && close()}>
      {request && <ForwardBody count={request.messages.length} merged={request.mode === 'merged'} />}
    </Dialog.Root>
  );
}

function ForwardBody({ count, merged }: { count: number; merged: boolean }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const searchID = useId();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);
  const { list } = useStore(kit.conversations);
  const targets = forwardTargets(list, query);
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const send = () => {
    setBusy(true);
    kit.features.confirmForward(chosen).finally(() => setBusy(false));
  };
  return (
    <Dialog.Portal container={portal}>
      <Dialog.Overlay className="pc-overlay" />
      <DialogContent className="pc-dialog pc-forward" aria-describedby={undefined} data-testid="forward-dialog">
        <Dialog.Title className="pc-dialog__title">{t('actions.forwardDialog.title')}</Dialog.Title>
        <p className="pc-forward__what">
          {t(merged ? 'actions.forwardDialog.merged' : 'actions.forwardDialog.each', { count })}
        </p>
        <label htmlFor={searchID} className="pc-visually-hidden">
          {t('actions.forwardDialog.search')}
        </label>
        <input
          id={searchID}
          type="search"
          className="pc-field__input pc-forward__search"
          placeholder={t('actions.forwardDialog.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="forward-search"
        />
        <ul className="pc-forward__list">
          {targets.length === 0 && <li className="pc-forward__empty">{t('actions.forwardDialog.empty')}</li>}
          {targets.map((c) => (
            <li key={c.conversationID}>
              <label className="pc-forward__row" data-testid="forward-target">
                <input
                  type="checkbox"
                  checked={chosen.includes(c.conversationID)}
                  onChange={() => toggle(c.conversationID)}
                />
                <Avatar id={peerOf(c.conversationID)} src={avatarOf(c)} size={32} />
                <span className="pc-forward__name">{conversationName(c, t)}</span>
              </label>
            </li>
          ))}
        </ul>
        <div className="pc-dialog__actions">
          <Dialog.Close asChild>
            <button type="button" className="pc-button">
              {t('actions.forwardDialog.cancel')}
            </button>
          </Dialog.Close>
          <button
            type="button"
            className="pc-button pc-button--primary"
            disabled={chosen.length === 0 || busy}
            onClick={send}
            data-testid="forward-send"
          >
            {t('actions.forwardDialog.confirm', { count: chosen.length })}
          </button>
        </div>
      </DialogContent>
    </Dialog.Portal>
  );
}
