import { memo } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { useT } from '../hooks/use-t.ts';
import { TYPES } from '../provider/chat-port.ts';
import { messageTimeLabel } from '../time/format.ts';
import { MessageContent } from './message-content.tsx';
import type { MessageItem } from './message-item.ts';

/** A timestamp line (seconds). */
export function TimeDivider({ seconds, now }: { seconds: number; now: number }) {
  const t = useT();
  return (
    <div className="pc-msg-time">
      <span>{messageTimeLabel(seconds, now, t)}</span>
    </div>
  );
}

interface MessageRowProps {
  item: MessageItem;
  /**
   * This message's time when it gets a timestamp line (the first message, or a gap of 600 s or more), else null. The
   * line is part of this row, so it always sits right above the message it dates (UI4).
   */
  timeBefore: number | null;
  now: number;
  selfID: string;
  onResend: (ID: string) => void;
}

function Status({ item, onResend }: { item: MessageItem; onResend: (ID: string) => void }) {
  const t = useT();
  if (item.flow !== 'out') return null;
  if (item.status === 'unSend') {
    return (
      <span className="pc-spinner">
        <span className="pc-visually-hidden">{t('message.sending')}</span>
      </span>
    );
  }
  if (item.status === 'fail') {
    return (
      <button
        type="button"
        className="pc-msg__fail"
        aria-label={t('message.failed')}
        title={t('message.failed')}
        data-testid="resend-button"
        onClick={() => onResend(item.ID)}
      >
        !
      </button>
    );
  }
  // Seed 000 §4: in a one-to-one chat a sent message is Read or Unread.
  if (item.conversationType !== TYPES.CONV_C2C) return null;
  return (
    <span className={item.isPeerRead ? 'pc-msg__read' : 'pc-msg__read pc-msg__read--unread'} data-testid="read-state">
      {item.isPeerRead ? t('message.read') : t('message.unread')}
    </span>
  );
}

export const MessageRow = memo(function MessageRow({ item, timeBefore, now, selfID, onResend }: MessageRowProps) {
  const t = useT();
  const own = item.flow === 'out';
  return (
    <div className="pc-msg-row" data-message-id={item.ID} data-testid="message">
      {timeBefore !== null && <TimeDivider seconds={timeBefore} now={now} />}
      {item.isRevoked ? (
        <p className="pc-msg-notice">
          {item.from === selfID
            ? t('message.recalledByYou')
            : t('message.recalledBy', { name: item.nick || item.from })}
        </p>
      ) : (
        <div className={own ? 'pc-msg pc-msg--out' : 'pc-msg pc-msg--in'} data-status={item.status}>
          <Avatar id={item.from} src={item.avatar} size={36} className="pc-msg__avatar" />
          <div className="pc-msg__body">
            <div className="pc-bubble">
              <MessageContent item={item} />
            </div>
            <Status item={item} onResend={onResend} />
          </div>
        </div>
      )}
    </div>
  );
});
