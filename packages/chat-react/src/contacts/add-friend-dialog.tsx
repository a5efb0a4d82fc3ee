import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import type { ChatProfile } from './contact-port.ts';
import { friendSearchQuery } from './contact-rules.ts';
import { DialogContent } from '../a11y/dialog-content.tsx';

/**
 * Decision 0017: search a user by ID (trimmed, Enter searches; oneself or empty asks nothing), then send a friend request
 * with a verification message. Under AllowAny the user is a friend at once; otherwise the request waits.
 */
export function AddFriendDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const inputID = useId();
  const wordingID = useId();
  const { friends } = useStore(kit.contacts.friends);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<ChatProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [wording, setWording] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: boolean) => {
    if (!next) {
      setQuery('');
      setFound(null);
      setError(null);
      setWording('');
      setDone(null);
    }
    onOpenChange(next);
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const self = kit.chat.getLoginUser();
    if (query.trim() === self) {
      setFound(null);
      setError(t('contacts.add.self'));
      return;
    }
    const id = friendSearchQuery(query, self);
    if (!id) return;
    setDone(null);
    const profile = await kit.contacts.findUser(id);
    setFound(profile);
    setError(profile ? null : t('contacts.add.notFound'));
  };

  const send = async () => {
    if (!found) return;
    setBusy(true);
    const me = kit.contacts.me.getSnapshot();
    const text = wording.trim() || t('contacts.add.defaultWording', { name: me?.nick || kit.chat.getLoginUser() });
    const answer = await kit.contacts.addFriend(found.userID, text);
    setBusy(false);
    if (answer) setDone(t(answer === 'added' ? 'contacts.add.added' : 'contacts.add.sent'));
  };

  const isFriend = found ? friends.some((f) => f.userID === found.userID) : false;

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog" aria-describedby={undefined} data-testid="add-friend-dialog">
          <Dialog.Title className="pc-dialog__title">{t('contacts.add.title')}</Dialog.Title>
          <form onSubmit={search} noValidate>
            <label className="pc-visually-hidden" htmlFor={inputID}>
              {t('contacts.add.placeholder')}
            </label>
            <input
              id={inputID}
              className="pc-field__input"
              value={query}
              placeholder={t('contacts.add.placeholder')}
              maxLength={64}
              autoComplete="off"
              onChange={(e) => setQuery(e.target.value)}
              data-testid="add-friend-input"
            />
          </form>
          {error && (
            <p className="pc-field__error" role="alert">
              {error}
            </p>
          )}
          {found && (
            <div className="pc-found" data-testid="add-friend-result">
              <Avatar id={found.userID} src={found.avatar} size={48} />
              <div className="pc-found__names">
                <strong>{found.nick || found.userID}</strong>
                <span className="pc-found__id">{found.userID}</span>
              </div>
            </div>
          )}
          {found && !isFriend && !done && (
            <div className="pc-field">
              <label className="pc-field__label" htmlFor={wordingID}>
                {t('contacts.add.wording')}
              </label>
              <textarea
                id={wordingID}
                className="pc-field__input"
                rows={2}
                maxLength={120}
                value={wording}
                onChange={(e) => setWording(e.target.value)}
                data-testid="add-friend-wording"
              />
            </div>
          )}
          {(done || isFriend) && (
            <p className="pc-found__done" role="status" data-testid="add-friend-done">
              {done ?? t('contacts.add.alreadyFriend')}
            </p>
          )}
          <div className="pc-dialog__actions">
            <Dialog.Close className="pc-button">{t('contacts.add.close')}</Dialog.Close>
            {found && !isFriend && !done && (
              <button
                type="button"
                className="pc-button pc-button--primary"
                disabled={busy}
                onClick={() => void send()}
                data-testid="add-friend-send"
              >
                {t('contacts.add.send')}
              </button>
            )}
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
