import { useState } from 'react';
import { Avatar } from '../../avatar/avatar.tsx';
import { useGroup } from '../../hooks/use-group.ts';
import { useT } from '../../hooks/use-t.ts';
import { PlusIcon } from '../../icons/icons.tsx';
import { useKit } from '../../provider/kit-context.ts';
import {
  canAddMembers,
  canDismiss,
  canEditProfile,
  canQuit,
  canTransfer,
  memberLabel,
  memberPreviewCount,
  OWNER,
} from '../roles.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { InviteOptionRow } from './invite-option.tsx';
import { type PickerKind, memberPicker } from './member-pickers.ts';
import type { PanelTab } from './panel-tab.ts';
import { TransferPicker } from './transfer-picker.tsx';

function NameRow() {
  const kit = useKit();
  const t = useT();
  const { group, role } = useGroup();
  const [draft, setDraft] = useState<string | null>(null);
  if (!group) return null;
  if (draft === null) {
    return (
      <div className="pc-kv">
        <span className="pc-kv__key">{t('group.panel.name')}</span>
        <span className="pc-kv__value" data-testid="group-name">
          {group.name}
        </span>
        {canEditProfile(role) && (
          <button type="button" className="pc-link" onClick={() => setDraft(group.name)} data-testid="edit-name">
            {t('group.panel.edit')}
          </button>
        )}
      </div>
    );
  }
  const save = async () => {
    const result = kit.groupActions.rename(draft);
    if (result === null || (await result).ok) setDraft(null);
  };
  return (
    <div className="pc-kv pc-kv--edit">
      <input
        className="pc-field__input"
        value={draft}
        maxLength={30}
        aria-label={t('group.panel.name')}
        title={t('group.panel.nameHint')}
        onChange={(e) => setDraft(e.target.value)}
        data-testid="name-input"
      />
      <button type="button" className="pc-button" onClick={() => setDraft(null)}>
        {t('group.panel.cancel')}
      </button>
      <button type="button" className="pc-button pc-button--primary" onClick={() => void save()}>
        {t('group.panel.save')}
      </button>
    </div>
  );
}

interface MainTabProps {
  onTab: (tab: PanelTab) => void;
  onMember: (userID: string) => void;
  onLeft: () => void;
}

/** The member preview (KGRP4): its avatars, the add button (Work groups) and the remove button (the owner). */
function MemberPreview({
  onTab,
  onMember,
  onPick,
}: Omit<MainTabProps, 'onLeft'> & { onPick: (p: PickerKind) => void }) {
  const t = useT();
  const { group, role, members } = useGroup();
  if (!group) return null;
  const preview = members.slice(0, memberPreviewCount(group.type, role));
  return (
    <section className="pc-panel-main__members" aria-label={t('group.panel.members')}>
      <div className="pc-kv">
        <span className="pc-kv__key">{t('group.panel.members')}</span>
        <span className="pc-kv__value">
          {t('group.panel.memberCount', { count: group.memberCount ?? members.length })}
        </span>
        <button type="button" className="pc-link" onClick={() => onTab('member')} data-testid="view-all-members">
          {t('group.panel.viewAll')}
        </button>
      </div>
      <ul className="pc-preview" data-testid="member-preview">
        {preview.map((m) => (
          <li key={m.userID}>
            <button type="button" className="pc-preview__member" onClick={() => onMember(m.userID)}>
              <Avatar id={m.userID} src={m.avatar} size={40} />
              <span>{memberLabel(m)}</span>
            </button>
          </li>
        ))}
        {canAddMembers(group.type, role) && (
          <li>
            <button
              type="button"
              className="pc-preview__action"
              onClick={() => onPick('add')}
              aria-label={t('group.panel.add')}
              data-testid="add-members"
            >
              <PlusIcon />
              <span>{t('group.panel.addShort')}</span>
            </button>
          </li>
        )}
        {role === OWNER && (
          <li>
            <button
              type="button"
              className="pc-preview__action"
              onClick={() => onPick('remove')}
              aria-label={t('group.panel.remove')}
              data-testid="remove-members"
            >
              <span aria-hidden="true">−</span>
              <span>{t('group.panel.removeShort')}</span>
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}

/** Transfer, dismiss or quit, each only where allowed (KGRP3); dismiss and quit ask first. */
function LeaveActions({ onPick, onLeft }: { onPick: (p: PickerKind) => void; onLeft: () => void }) {
  const kit = useKit();
  const t = useT();
  const { group, role, members } = useGroup();
  const [confirm, setConfirm] = useState<'dismiss' | 'quit' | null>(null);
  if (!group) return null;
  const leave = async () => {
    const result = confirm === 'dismiss' ? await kit.groupActions.dismiss() : await kit.groupActions.quit();
    setConfirm(null);
    if (result.ok) onLeft();
  };
  return (
    <div className="pc-panel-main__actions">
      {canTransfer(group.type, role, group.memberCount ?? members.length) && (
        <button type="button" className="pc-button" onClick={() => onPick('transfer')} data-testid="transfer">
          {t('group.panel.transfer')}
        </button>
      )}
      {canDismiss(group.type, role) && (
        <button
          type="button"
          className="pc-button pc-button--danger"
          onClick={() => setConfirm('dismiss')}
          data-testid="dismiss"
        >
          {t('group.panel.dismiss')}
        </button>
      )}
      {canQuit(group.type, role) && (
        <button
          type="button"
          className="pc-button pc-button--danger"
          onClick={() => setConfirm('quit')}
          data-testid="quit"
        >
          {t('group.panel.quit')}
        </button>
      )}
      <ConfirmDialog
        open={confirm !== null}
        danger
        title={confirm === 'dismiss' ? t('group.panel.dismiss') : t('group.panel.quit')}
        text={t(confirm === 'dismiss' ? 'group.panel.dismissConfirm' : 'group.panel.quitConfirm', { name: group.name })}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void leave()}
      />
    </div>
  );
}

/** The panel's main tab: profile, notification preview, member preview, add / remove, transfer, dismiss or quit. */
export function MainTab({ onTab, onMember, onLeft }: MainTabProps) {
  const kit = useKit();
  const t = useT();
  const { group, role, members } = useGroup();
  const [picker, setPicker] = useState<PickerKind | null>(null);
  if (!group) return null;
  const active = picker ? memberPicker(picker, kit, t, members, role) : null;
  return (
    <div className="pc-panel-main">
      <div className="pc-panel-main__head">
        <Avatar id={group.groupID} src={group.avatar} size={48} />
        <div className="pc-panel-main__ids">
          <NameRow />
          <div className="pc-kv">
            <span className="pc-kv__key">{t('group.panel.groupID')}</span>
            <span className="pc-kv__value" data-testid="group-id">
              {group.groupID}
            </span>
          </div>
          <div className="pc-kv">
            <span className="pc-kv__key">{t('group.panel.type')}</span>
            <span className="pc-kv__value">
              {t(`group.type.${group.type}`, { defaultValue: t('group.type.other') })}
            </span>
          </div>
        </div>
      </div>
      <button type="button" className="pc-panel-main__notice" onClick={() => onTab('notification')}>
        <span className="pc-kv__key">{t('group.panel.notification')}</span>
        <span className="pc-panel-main__notice-text">{group.notification || t('group.panel.noNotification')}</span>
      </button>
      <MemberPreview onTab={onTab} onMember={onMember} onPick={setPicker} />
      <InviteOptionRow />
      <LeaveActions onPick={setPicker} onLeft={onLeft} />
      {active && (
        <TransferPicker
          open
          title={active.title}
          options={active.options}
          multiple={active.multiple}
          search={active.search}
          onCancel={() => setPicker(null)}
          onDone={(ids) => {
            setPicker(null);
            void active.done(ids);
          }}
        />
      )}
    </div>
  );
}
