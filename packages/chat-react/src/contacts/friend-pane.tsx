import { useId, useState } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { ConfirmDialog } from '../group/panel/confirm-dialog.tsx';
import { useNameOf } from '../hooks/use-names.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { friendName } from './contact-rules.ts';
import { PresenceText } from './presence-dot.tsx';

type Asking = 'delete' | 'block' | null;

/**
 * Seed 001 §2.6, decision 0017: a friend's details (nickname or ID, user ID, signature, status) with send message,
 * remark, delete friend and block / unblock.
 */
export function FriendPane({ userID }: { userID: string }) {
  const kit = useKit();
  const t = useT();
  const remarkID = useId();
  const { friends } = useStore(kit.contacts.friends);
  const blocked = useStore(kit.contacts.blocked).has(userID);
  const friend = friends.find((f) => f.userID === userID);
  const [remark, setRemark] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  if (!friend && blocked) return <BlockedPane userID={userID} />;
  if (!friend) return <p className="pc-pane__empty">{t('contacts.pane.empty')}</p>;

  const name = friendName(friend);
  const value = remark ?? friend.remark;
  const confirm = () => {
    setAsking(null);
    void (asking === 'delete' ? kit.contacts.deleteFriend(userID) : kit.contacts.block(userID));
  };

  return (
    <div className="pc-details" data-testid="friend-details">
      <div className="pc-details__head">
        <Avatar id={userID} src={friend.profile.avatar} size={64} />
        <div className="pc-details__names">
          <h3 className="pc-details__name" data-testid="friend-name">
            {name}
          </h3>
          <PresenceText userID={userID} />
        </div>
      </div>
      <dl className="pc-details__list">
        <dt>{t('contacts.friend.userID')}</dt>
        <dd data-testid="friend-id">{userID}</dd>
        <dt>{t('contacts.friend.signature')}</dt>
        <dd data-testid="friend-signature">{friend.profile.selfSignature || t('contacts.profile.notSet')}</dd>
      </dl>
      <form
        className="pc-details__remark"
        onSubmit={(e) => {
          e.preventDefault();
          void kit.contacts.remark(userID, value).then(() => setRemark(null));
        }}
      >
        <label className="pc-field__label" htmlFor={remarkID}>
          {t('contacts.friend.remark')}
        </label>
        <input
          id={remarkID}
          className="pc-field__input"
          value={value}
          maxLength={32}
          placeholder={t('contacts.friend.remarkPlaceholder')}
          onChange={(e) => setRemark(e.target.value)}
          data-testid="friend-remark"
        />
        <button type="submit" className="pc-button" disabled={remark === null || remark === friend.remark}>
          {t('contacts.friend.saveRemark')}
        </button>
      </form>
      <div className="pc-details__actions">
        <button
          type="button"
          className="pc-button pc-button--primary"
          onClick={() => kit.contacts.sendMessage(userID)}
          data-testid="friend-send"
        >
          {t('contacts.friend.send')}
        </button>
        <button type="button" className="pc-button" onClick={() => setAsking('delete')} data-testid="friend-delete">
          {t('contacts.friend.delete')}
        </button>
        {blocked ? (
          <button
            type="button"
            className="pc-button"
            onClick={() => void kit.contacts.unblock(userID)}
            data-testid="friend-unblock"
          >
            {t('contacts.friend.unblock')}
          </button>
        ) : (
          <button
            type="button"
            className="pc-button pc-button--danger"
            onClick={() => setAsking('block')}
            data-testid="friend-block"
          >
            {t('contacts.friend.block')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'delete' ? t('contacts.friend.delete') : t('contacts.friend.block')}
        text={asking === 'delete' ? t('contacts.friend.deleteConfirm', { name }) : t('contacts.friend.blockConfirm')}
        danger
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />
    </div>
  );
}

/** A blocked user is no longer a friend (CNT7): the blocklist entry shows the name (KGRP15) and 'unblock'. */
function BlockedPane({ userID }: { userID: string }) {
  const kit = useKit();
  const t = useT();
  const nameOf = useNameOf();
  return (
    <div className="pc-details" data-testid="friend-details">
      <div className="pc-details__head">
        <Avatar id={userID} size={64} />
        <div className="pc-details__names">
          <h3 className="pc-details__name">{nameOf(userID)}</h3>
          <span className="pc-muted">{t('contacts.friend.blocked')}</span>
        </div>
      </div>
      <div className="pc-details__actions">
        <button
          type="button"
          className="pc-button"
          onClick={() => void kit.contacts.unblock(userID)}
          data-testid="friend-unblock"
        >
          {t('contacts.friend.unblock')}
        </button>
      </div>
    </div>
  );
}
