/** A call record in the message list (KCALL17, KCALL18): its line, and in a one-to-one chat a tap calls back. */
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { TYPES } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import type { ContentProps } from '../message-list/content-props.ts';
import { PhoneIcon, VideoIcon } from './call-icons.tsx';
import { callLineText, readCallRecord } from './call-format.ts';
import { canCallPeer } from './call-rules.ts';

/** Null when the message is not a call record (the caller then renders it as any custom message). */
export function CallLine({ item }: ContentProps) {
  const kit = useKit();
  const t = useT();
  const call = useStore(kit.calls);
  const view = readCallRecord(item.payload);
  if (!view) return null;
  const text = callLineText(view, t);
  const icon = view.kind === 'video' ? <VideoIcon /> : <PhoneIcon />;
  const selfID = kit.chat.getLoginUser();
  const peer = item.conversationType === TYPES.CONV_C2C ? (item.flow === 'out' ? item.to : item.from) : '';
  if (!canCallPeer(peer, selfID)) {
    return (
      <span className="pc-call-line" data-testid="call-line">
        {icon}
        <span>{text}</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      className="pc-call-line pc-call-line--button"
      title={t('calls.callBack')}
      aria-label={`${text}, ${t('calls.callBack')}`}
      disabled={call.phase !== 'idle'}
      onClick={() => void kit.calls.start(view.kind, { userID: peer })}
      data-testid="call-line"
    >
      {icon}
      <span>{text}</span>
    </button>
  );
}
