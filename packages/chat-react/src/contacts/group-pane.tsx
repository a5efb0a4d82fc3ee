import { useState } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { ConfirmDialog } from '../group/panel/confirm-dialog.tsx';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { groupDetailButtons } from './contact-rules.ts';

const TYPE_KEYS = new Set(['Private', 'Public', 'ChatRoom', 'AVChatRoom']);

/** Seed 001 §2.6, §4: a group's name, ID, type and avatar, with the group detail buttons (KCNT13). */
export function GroupPane({ groupID }: { groupID: string }) {
  const kit = useKit();
  const t = useT();
  const groups = useStore(kit.contacts.groups);
  const [asking, setAsking] = useState<'dismiss' | 'quit' | null>(null);
  const group = groups.find((g) => g.groupID === groupID);
  if (!group) return <p className="pc-pane__empty">{t('contacts.pane.empty')}</p>;

  const buttons = groupDetailButtons(group, kit.chat.getLoginUser());
  const typeText = t(`group.type.${TYPE_KEYS.has(group.type) ? group.type : 'other'}`);
  const confirm = () => {
    const dismiss = asking === 'dismiss';
    setAsking(null);
    void kit.contacts.leaveGroup(groupID, dismiss);
  };

  return (
    <div className="pc-details" data-testid="group-details">
      <div className="pc-details__head">
        <Avatar id={groupID} src={group.avatar} size={64} />
        <h3 className="pc-details__name" data-testid="group-name">
          {group.name || groupID}
        </h3>
      </div>
      <dl className="pc-details__list">
        <dt>{t('contacts.group.name')}</dt>
        <dd>{group.name || '-'}</dd>
        <dt>{t('contacts.group.id')}</dt>
        <dd data-testid="group-id">{groupID}</dd>
        <dt>{t('contacts.group.type')}</dt>
        <dd>{typeText}</dd>
      </dl>
      <div className="pc-details__actions">
        {buttons.map((b) =>
          b === 'enter' ? (
            <button
              key={b}
              type="button"
              className="pc-button pc-button--primary"
              onClick={() => kit.contacts.enterGroup(groupID)}
              data-testid="group-enter"
            >
              {t('contacts.group.enter')}
            </button>
          ) : (
            <button
              key={b}
              type="button"
              className="pc-button pc-button--danger"
              onClick={() => setAsking(b)}
              data-testid={`group-${b}`}
            >
              {t(`contacts.group.${b}`)}
            </button>
          ),
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`contacts.group.${asking}`) : ''}
        text={asking === 'dismiss' ? t('contacts.group.dismissConfirm') : t('contacts.group.quitConfirm')}
        danger
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
