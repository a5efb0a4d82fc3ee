import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { CloseIcon } from '../icons/icons.tsx';
import { useKit, usePortal } from '../provider/kit-context.ts';
import type { ChatProfile } from './contact-port.ts';
import { PresenceText } from './presence-dot.tsx';
import { DialogContent } from '../a11y/dialog-content.tsx';

type Loaded = { userID: string; profile: ChatProfile | null };

/**
 * Decision 0017: the user-profile card opened from an avatar in the chat: name, ID, signature, status, 'send message'
 * and, for someone not yet a friend, 'add friend'.
 */
export function UserCard() {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const userID = useStore(kit.contacts.card);
  const { friends } = useStore(kit.contacts.friends);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [note, setNote] = useState('');

  useEffect(() => {
    setNote('');
    if (!userID) return;
    let live = true;
    if (userID !== kit.chat.getLoginUser()) kit.contacts.friends.watch([userID]);
    void kit.contacts.findUser(userID).then((profile) => {
      if (live) setLoaded({ userID, profile });
    });
    return () => {
      live = false;
    };
  }, [kit, userID]);

  const self = userID === kit.chat.getLoginUser();
  const friend = friends.some((f) => f.userID === userID);
  const profile = loaded?.userID === userID ? loaded.profile : undefined;
  const add = async () => {
    if (!userID) return;
    const me = kit.contacts.me.getSnapshot();
    const answer = await kit.contacts.addFriend(
      userID,
      t('contacts.add.defaultWording', { name: me?.nick || kit.chat.getLoginUser() }),
    );
    if (answer) setNote(t(answer === 'added' ? 'contacts.add.added' : 'contacts.add.sent'));
  };

  return (
    <Dialog.Root open={userID !== null} onOpenChange={(open) => !open && kit.contacts.card.put(null)}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent
          className="pc-dialog pc-dialog--small pc-card"
          aria-describedby={undefined}
          data-testid="user-card"
        >
          <Dialog.Title className="pc-visually-hidden">{t('contacts.card.title')}</Dialog.Title>
          <Dialog.Close className="pc-icon-button pc-card__close" aria-label={t('contacts.profile.close')}>
            <CloseIcon />
          </Dialog.Close>
          {userID && profile === undefined && <p className="pc-card__loading">{t('contacts.card.loading')}</p>}
          {userID && profile === null && <p className="pc-card__loading">{t('contacts.card.notFound')}</p>}
          {userID && profile && (
            <>
              <div className="pc-card__head">
                <Avatar id={userID} src={profile.avatar} size={56} />
                <div className="pc-card__names">
                  <strong className="pc-card__name" data-testid="card-name">
                    {profile.nick || userID}
                  </strong>
                  {/* UI29: the label and its colon stay together; a long ID wraps as a whole, then anywhere. */}
                  <span className="pc-card__id" data-testid="card-id">
                    <span className="pc-card__id-label">{t('contacts.card.idLabel')}</span>
                    <span className="pc-card__id-value">{userID}</span>
                  </span>
                  <PresenceText userID={userID} />
                </div>
              </div>
              <p className="pc-card__signature" data-testid="card-signature">
                {profile.selfSignature || t('contacts.profile.notSet')}
              </p>
              {note && (
                <p className="pc-card__note" role="status">
                  {note}
                </p>
              )}
              {!self && (
                <div className="pc-dialog__actions">
                  {!friend && !note && (
                    <button type="button" className="pc-button" onClick={() => void add()} data-testid="card-add">
                      {t('contacts.card.add')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="pc-button pc-button--primary"
                    onClick={() => kit.contacts.sendMessage(userID)}
                    data-testid="card-send"
                  >
                    {t('contacts.card.send')}
                  </button>
                </div>
              )}
            </>
          )}
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
