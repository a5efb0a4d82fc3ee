import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useGroup } from '../../hooks/use-group.ts';
import { useT } from '../../hooks/use-t.ts';
import { CloseIcon } from '../../icons/icons.tsx';
import { usePortal } from '../../provider/kit-context.ts';
import { showAdminTab } from '../roles.ts';
import { AdminTab, NotificationTab } from './admin-tab.tsx';
import { MainTab } from './main-tab.tsx';
import { MemberListTab, MemberProfileTab } from './member-tabs.tsx';
import type { PanelTab } from './panel-tab.ts';
import { Tabs } from './tabs.tsx';
import { DialogContent } from '../../a11y/dialog-content.tsx';

/**
 * Seed 001 §2.7: the group management panel, tabs main, member list, member profile, notification and admin.
 * Closing resets the tab. Every control inside is shown only to the roles and group types that may use it (KGRP3).
 */
export function GroupPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const portal = usePortal();
  const state = useGroup();
  const [tab, setTab] = useState<PanelTab>('main');
  const [memberID, setMemberID] = useState<string | null>(null);
  const close = () => {
    setTab('main');
    setMemberID(null);
    onClose();
  };
  const group = state.group;
  const admin = group ? showAdminTab(group.type, state.role) : false;
  const tabs = [
    { value: 'main', label: t('group.panel.tabs.main') },
    { value: 'member', label: t('group.panel.tabs.member') },
    ...(memberID ? [{ value: 'profile', label: t('group.panel.tabs.profile') }] : []),
    { value: 'notification', label: t('group.panel.tabs.notification') },
    ...(admin ? [{ value: 'admin', label: t('group.panel.tabs.admin') }] : []),
  ];
  const showMember = (userID: string) => {
    setMemberID(userID);
    setTab('profile');
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-sheet" aria-describedby={undefined} data-testid="group-panel">
          <header className="pc-sheet__header">
            <Dialog.Title className="pc-sheet__title">{t('group.panel.title')}</Dialog.Title>
            <Dialog.Close className="pc-icon-button" aria-label={t('group.panel.close')}>
              <CloseIcon />
            </Dialog.Close>
          </header>
          <Tabs value={tab} tabs={tabs} onChange={(v) => setTab(v as PanelTab)} label={t('group.panel.title')} />
          <div className="pc-sheet__body" role="tabpanel">
            {!group ? (
              <span className="pc-spinner">
                <span className="pc-visually-hidden">{t('chat.loading')}</span>
              </span>
            ) : tab === 'main' ? (
              <MainTab onTab={setTab} onMember={showMember} onLeft={close} />
            ) : tab === 'member' ? (
              <MemberListTab onMember={showMember} />
            ) : tab === 'profile' && memberID ? (
              <MemberProfileTab userID={memberID} onDone={close} />
            ) : tab === 'notification' ? (
              <NotificationTab />
            ) : tab === 'admin' && admin ? (
              <AdminTab onMember={showMember} />
            ) : null}
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
