import * as Dialog from '@radix-ui/react-dialog';
import { Avatar } from '../avatar/avatar.tsx';
import { useEffect, useState } from 'react';
import { useGroup } from '../hooks/use-group.ts';
import { useNameOf } from '../hooks/use-names.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { errorText } from '../toast/error-text.ts';
import { Tabs } from './panel/tabs.tsx';
import type { ReadFilter } from './read-members-store.ts';
import { DialogContent } from '../a11y/dialog-content.tsx';

/**
 * Decision 0012: the read-receipt dialog of one of the user's group messages, tabs read / unread, 'view more' for the
 * next 15. A refusal (10062 when group read receipts are off) shows the seed's text in the dialog (KGRP8).
 */
export function ReadReceiptDialog({ messageID, onClose }: { messageID: string | null; onClose: () => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const { groupID, members } = useGroup();
  const { lists } = useStore(kit.readMembers);
  const [filter, setFilter] = useState<ReadFilter>(0);

  useEffect(() => {
    setFilter(0);
    const message = messageID ? kit.messages.original(messageID) : undefined;
    if (message) kit.readMembers.open(message);
    return () => kit.readMembers.close();
  }, [kit, messageID]);

  const current = lists[filter];
  // Members beyond the loaded pages are named too (KGRP15).
  const nameOf = useNameOf(groupID);
  const memberOf = (userID: string) => members.find((x) => x.userID === userID);
  // UI29: each tab says how many it holds, from the message's read counts (kept live by receipts).
  const item = useStore(kit.messages).items.find((m) => m.ID === messageID);
  const count = (label: string, n: number | undefined) =>
    n === undefined ? label : t('group.read.tabCount', { label, n });

  return (
    <Dialog.Root open={messageID !== null} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog" aria-describedby={undefined} data-testid="read-receipt-dialog">
          <Dialog.Title className="pc-dialog__title">{t('group.read.dialog')}</Dialog.Title>
          <Tabs
            value={String(filter)}
            onChange={(v) => setFilter(v === '1' ? 1 : 0)}
            tabs={[
              { value: '0', label: count(t('group.read.readTab'), item?.readCount) },
              { value: '1', label: count(t('group.read.unreadTab'), item?.unreadCount) },
            ]}
            label={t('group.read.dialog')}
            idPrefix="pc-receipt-tab-"
          />
          <div className="pc-receipts" role="tabpanel" aria-labelledby={`pc-receipt-tab-${filter}`}>
            {current.error ? (
              <p className="pc-field__error" role="alert">
                {errorText(current.error, t)}
              </p>
            ) : current.userIDs.length === 0 && !current.loading ? (
              <p className="pc-dialog__text">{t('group.read.none')}</p>
            ) : (
              <ul className="pc-receipts__list">
                {current.userIDs.map((id) => (
                  <li key={id} className="pc-receipts__user" data-testid="receipt-user">
                    <Avatar id={id} src={memberOf(id)?.avatar} size={28} />
                    <span className="pc-receipts__name">{nameOf(id)}</span>
                  </li>
                ))}
              </ul>
            )}
            {!current.isCompleted && !current.error && current.userIDs.length > 0 && (
              <button
                type="button"
                className="pc-link"
                disabled={current.loading}
                onClick={() => kit.readMembers.more(filter)}
              >
                {t('chat.viewMore')}
              </button>
            )}
          </div>
          <div className="pc-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="pc-button">
                {t('group.panel.close')}
              </button>
            </Dialog.Close>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
