/**
 * The call screens (seed 000 §4, §8; decision 0039): ringing in, ringing out, the call itself, and the dialogs. Mounted
 * once beside the chat; it shows nothing between calls. The screen is a modal dialog: focus stays inside it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Avatar } from '../avatar/avatar.tsx';
import { avatarOf } from '../conversation-list/conversation-text.ts';
import { useConversationList } from '../hooks/use-chat.ts';
import { useNameOf } from '../hooks/use-names.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { CallDialogs } from './call-dialogs.tsx';
import { HangUpIcon, PhoneIcon, VideoIcon } from './call-icons.tsx';
import { InCallView } from './in-call-view.tsx';

export function CallOverlay() {
  const kit = useKit();
  const call = useStore(kit.calls);
  return (
    <>
      {call.phase !== 'idle' && <CallScreen />}
      <CallDialogs />
    </>
  );
}

function CallScreen() {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const call = useStore(kit.calls);
  const title = call.phase === 'active' ? t(call.kind === 'video' ? 'calls.video' : 'calls.voice') : '';
  return (
    <Dialog.Root open>
      <Dialog.Portal container={portal}>
        <Dialog.Content
          className="pc-call"
          data-phase={call.phase}
          data-kind={call.kind}
          data-testid="call-screen"
          aria-describedby={undefined}
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          {call.phase === 'active' ? (
            <>
              <Dialog.Title className="pc-visually-hidden">{title}</Dialog.Title>
              <InCallView />
            </>
          ) : (
            <Ringing />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Ringing in (name, avatar, accept and decline) or out (the callee, hang up); stays until answered or cancelled. */
function Ringing() {
  const kit = useKit();
  const t = useT();
  const call = useStore(kit.calls);
  const nameOf = useNameOf(call.groupID || null);
  const { list } = useConversationList();
  const incoming = call.phase === 'incoming';
  const who = incoming ? call.inviter : (call.peers[0] ?? '');
  const conversation = list.find((c) => c.conversationID === `C2C${who}`);
  const kind = t(call.kind === 'video' ? 'calls.video' : 'calls.voice');
  const names = incoming ? nameOf(who) : call.peers.map((u) => nameOf(u)).join(', ');
  return (
    <div className="pc-call__ringing">
      <Avatar id={who} src={conversation ? avatarOf(conversation) : undefined} size={88} />
      <Dialog.Title className="pc-call__name" data-testid="call-peer-name">
        {names}
      </Dialog.Title>
      <p className="pc-call__status" aria-live="polite">
        {incoming
          ? t(call.groupID ? 'calls.incomingGroup' : 'calls.incoming', { kind: kind.toLowerCase() })
          : t('calls.calling')}
      </p>
      <div className="pc-call__actions">
        {incoming ? (
          <>
            <button
              type="button"
              className="pc-call__round pc-call__round--danger"
              onClick={() => void kit.calls.reject()}
              data-testid="call-reject"
            >
              <HangUpIcon />
              <span>{t('calls.reject')}</span>
            </button>
            <button
              type="button"
              className="pc-call__round pc-call__round--accept"
              onClick={() => void kit.calls.accept()}
              data-testid="call-accept"
            >
              {call.kind === 'video' ? <VideoIcon /> : <PhoneIcon />}
              <span>{t('calls.accept')}</span>
            </button>
          </>
        ) : (
          <button
            type="button"
            className="pc-call__round pc-call__round--danger"
            onClick={() => void kit.calls.hangup()}
            data-testid="call-hangup"
          >
            <HangUpIcon />
            <span>{t('calls.hangup')}</span>
          </button>
        )}
      </div>
    </div>
  );
}
