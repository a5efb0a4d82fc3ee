import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { useGroupIDs } from '../hooks/use-group.ts';
import { useT } from '../hooks/use-t.ts';
import { TYPES } from '../provider/chat-port.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import type { ChatGroup } from './group-port.ts';
import { joinButton } from './join-rule.ts';

/**
 * Issue 7 §16, seed 001 §2.6, §4: 'add group chat' — a group ID (trimmed; empty does nothing), Enter searches; the
 * result shows name, ID, type and avatar with join / apply (verification message) / 'already applied' /
 * 'already joined'; a failed search shows 'group does not exist' and clears the result.
 */
export function GroupSearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const inputID = useId();
  const messageID = useId();
  const joinedIDs = useGroupIDs();
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState<ChatGroup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applyMessage, setApplyMessage] = useState('');
  const [busy, setBusy] = useState(false);
  // Re-rendered after a join: the kit's actions remember the answer.
  const [, setAnswered] = useState(0);

  const change = (next: boolean) => {
    if (!next) {
      setQuery('');
      setGroup(null);
      setError(null);
      setApplyMessage('');
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = await kit.groupActions.search(query);
    if (found === null) return;
    if ('error' in found) {
      setGroup(null);
      setError(t('group.search.notFound'));
      return;
    }
    setError(null);
    setGroup(found.group);
  };

  const join = async () => {
    if (!group) return;
    setBusy(true);
    await kit.groupActions.join(group, applyMessage.trim() || t('group.search.defaultApply'));
    setBusy(false);
    setAnswered((n) => n + 1);
  };

  const enter = () => {
    if (!group) return;
    change(false);
    kit.open(`${TYPES.CONV_GROUP}${group.groupID}`);
  };

  const member = group ? joinedIDs.has(group.groupID) || kit.groupActions.hasJoined(group.groupID) : false;
  const button = group ? joinButton(group.joinOption, member, kit.groupActions.hasApplied(group.groupID)) : null;

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <Dialog.Content className="pc-dialog" aria-describedby={undefined} data-testid="group-search-dialog">
          <Dialog.Title className="pc-dialog__title">{t('group.search.title')}</Dialog.Title>
          <form onSubmit={submit} noValidate>
            <label className="pc-visually-hidden" htmlFor={inputID}>
              {t('group.search.placeholder')}
            </label>
            <input
              id={inputID}
              className="pc-field__input pc-field__input--block"
              value={query}
              placeholder={t('group.search.placeholder')}
              autoComplete="off"
              maxLength={64}
              aria-invalid={error !== null}
              onChange={(e) => {
                setQuery(e.target.value);
                setError(null);
              }}
              data-testid="group-search-input"
            />
          </form>
          {error && (
            <p className="pc-field__error" role="alert">
              {error}
            </p>
          )}
          {group && (
            <div className="pc-group-card" data-testid="group-result">
              <Avatar id={group.groupID} src={group.avatar} size={48} />
              <div className="pc-group-card__main">
                <strong>{group.name}</strong>
                <span className="pc-kv__key">
                  {t('group.panel.groupID')}: {group.groupID}
                </span>
                <span className="pc-kv__key">
                  {t(`group.type.${group.type}`, { defaultValue: t('group.type.other') })}
                </span>
              </div>
            </div>
          )}
          {button === 'apply' && (
            <label className="pc-field" htmlFor={messageID}>
              <span className="pc-field__label">{t('group.search.applyMessage')}</span>
              <textarea
                id={messageID}
                className="pc-field__input pc-field__textarea"
                rows={2}
                maxLength={100}
                value={applyMessage}
                placeholder={t('group.search.defaultApply')}
                onChange={(e) => setApplyMessage(e.target.value)}
                data-testid="apply-message"
              />
            </label>
          )}
          <div className="pc-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="pc-button">
                {t('group.search.cancel')}
              </button>
            </Dialog.Close>
            {button === 'disabled' && <span className="pc-kv__key">{t('group.search.disabled')}</span>}
            {button === 'applied' && (
              <span className="pc-state" data-testid="join-state">
                {t('group.search.applied')}
              </span>
            )}
            {button === 'joined' && (
              <>
                <span className="pc-state" data-testid="join-state">
                  {t('group.search.joined')}
                </span>
                <button type="button" className="pc-button pc-button--primary" onClick={enter}>
                  {t('group.panel.enterChat')}
                </button>
              </>
            )}
            {(button === 'join' || button === 'apply') && (
              <button
                type="button"
                className="pc-button pc-button--primary"
                disabled={busy}
                onClick={() => void join()}
                data-testid="join-group"
              >
                {button === 'join' ? t('group.search.join') : t('group.search.apply')}
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
