/** The call chooser of the chat header (seed 000 §5, §7): voice or video; in a group, a member picker first. */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { DialogContent } from '../a11y/dialog-content.tsx';
import { useGroup } from '../hooks/use-group.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { peerOf, TYPES } from '../provider/chat-port.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import type { CallKind } from './media/call-media.ts';
import { PhoneIcon, VideoIcon } from './call-icons.tsx';
import { MAX_PICK, callableMembers, canCallPeer } from './call-rules.ts';

export function CallButtons({ conversationID }: { conversationID: string }) {
  const kit = useKit();
  const t = useT();
  const call = useStore(kit.calls);
  const [picking, setPicking] = useState<CallKind | null>(null);
  const isGroup = conversationID.startsWith(TYPES.CONV_GROUP);
  const peer = peerOf(conversationID);
  if (!isGroup && (!conversationID.startsWith(TYPES.CONV_C2C) || !canCallPeer(peer, kit.chat.getLoginUser()))) {
    return null;
  }
  const start = (kind: CallKind) => {
    if (isGroup) setPicking(kind);
    else void kit.calls.start(kind, { userID: peer });
  };
  const busy = call.phase !== 'idle';
  return (
    <>
      <button
        type="button"
        className="pc-icon-button"
        aria-label={t('calls.startVoice')}
        title={t('calls.startVoice')}
        disabled={busy}
        onClick={() => start('audio')}
        data-testid="call-voice"
      >
        <PhoneIcon />
      </button>
      <button
        type="button"
        className="pc-icon-button"
        aria-label={t('calls.startVideo')}
        title={t('calls.startVideo')}
        disabled={busy}
        onClick={() => start('video')}
        data-testid="call-video"
      >
        <VideoIcon />
      </button>
      {isGroup && picking && <MemberPicker groupID={peer} kind={picking} onClose={() => setPicking(null)} />}
    </>
  );
}

function MemberPicker({ groupID, kind, onClose }: { groupID: string; kind: CallKind; onClose: () => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const group = useGroup();
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const members = callableMembers(
    group.members,
    kit.chat.getLoginUser(),
    group.group?.muteAllMembers === true,
    Math.floor(Date.now() / 1000),
  );
  const toggle = (userID: string) =>
    setChosen((list) => (list.includes(userID) ? list.filter((u) => u !== userID) : [...list, userID]));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" aria-describedby={undefined} data-testid="call-picker">
          <Dialog.Title className="pc-dialog__title">{t('calls.pickTitle')}</Dialog.Title>
          {members.length === 0 ? (
            <p className="pc-dialog__text" data-testid="call-picker-empty">
              {t('calls.pickEmpty')}
            </p>
          ) : (
            <>
              <p className="pc-dialog__text">{t('calls.pickHint', { max: MAX_PICK })}</p>
              <ul className="pc-call-picker">
                {members.map((m) => {
                  const on = chosen.includes(m.userID);
                  return (
                    <li key={m.userID}>
                      <label className="pc-call-picker__row">
                        <input
                          type="checkbox"
                          checked={on}
                          disabled={!on && chosen.length >= MAX_PICK}
                          onChange={() => toggle(m.userID)}
                          data-testid="call-pick"
                          data-user-id={m.userID}
                        />
                        <span>{m.nameCard || m.nick || m.userID}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          <div className="pc-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="pc-button">
                {t('calls.cancel')}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="pc-button pc-button--primary"
              disabled={chosen.length === 0}
              data-testid="call-pick-start"
              onClick={() => {
                onClose();
                void kit.calls.start(kind, { groupID, userIDList: [...chosen] });
              }}
            >
              {t('calls.pickStart')}
            </button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
