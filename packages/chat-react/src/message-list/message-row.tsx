import { memo } from 'react';
import { useNameOf } from '../hooks/use-names.ts';
import { useNetState } from '../hooks/use-chat.ts';
import { useT } from '../hooks/use-t.ts';
import { businessIDOf, customSummary, GROUP_CREATE } from './custom-summary.ts';
import { TYPES } from '../provider/chat-port.ts';
import { messageTimeLabel } from '../time/format.ts';
import { MessageContent } from './message-content.tsx';
import type { MessageItem } from './message-item.ts';
import { groupReadLabel } from '../group/read-receipts.ts';
import { groupTipText, systemNoticeText } from '../group/tip-text.ts';
// Message actions (decision 0015)
import { MessageMenu, ReactionBar, ReeditLink } from '../actions/menu/message-menu.tsx';
import { EditedMark } from '../edits/edit-ui.tsx';
import { AvatarButton } from '../contacts/avatar-button.tsx';
import { SelectToggle } from '../actions/forward/forward-ui.tsx';
import { QuoteLine, RepliesLink } from '../actions/replies/reply-ui.tsx';

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
  /** Group messages: a click on the read state opens the read-receipt dialog (decision 0012). */
  onReadState?: ((ID: string) => void) | undefined;
}

/** seed 000 §4: 'All read', 'Unread' or 'N read' on the user's group messages that asked for receipts. */
function GroupReadState({
  item,
  onReadState,
}: {
  item: MessageItem;
  onReadState?: ((ID: string) => void) | undefined;
}) {
  const t = useT();
  if (!item.needReadReceipt) return null;
  const label = groupReadLabel(item.readCount, item.unreadCount);
  if (!label) return null;
  const text = t(label.key, label.count === undefined ? undefined : { count: label.count });
  return (
    <button
      type="button"
      className={
        label.key === 'group.read.allRead' ? 'pc-msg__read pc-link' : 'pc-msg__read pc-msg__read--unread pc-link'
      }
      data-testid="group-read-state"
      onClick={() => onReadState?.(item.ID)}
    >
      {text}
    </button>
  );
}

export function SendStatus({
  item,
  onResend,
  onReadState,
}: {
  item: MessageItem;
  onResend: (ID: string) => void;
  onReadState?: ((ID: string) => void) | undefined;
}) {
  const t = useT();
  const net = useNetState();
  if (item.flow !== 'out') return null;
  // Decision 0032 (UI23): a send queued while the connection is down shows '!' at once; it still goes out by itself
  // when the connection is back, unless the user cancels it from the dialog '!' opens.
  const queued = item.status === 'unSend' && net !== 'connected';
  if (queued || item.status === 'fail') {
    const label = queued ? t('message.queued') : t('message.failed');
    return (
      <button
        type="button"
        className="pc-msg__fail"
        aria-label={label}
        title={label}
        data-testid="resend-button"
        data-queued={queued || undefined}
        onClick={() => onResend(item.ID)}
      >
        !
      </button>
    );
  }
  if (item.status === 'unSend') {
    return (
      <span className="pc-spinner">
        <span className="pc-visually-hidden">{t('message.sending')}</span>
      </span>
    );
  }
  if (item.conversationType === TYPES.CONV_GROUP) return <GroupReadState item={item} onReadState={onReadState} />;
  // Seed 000 §4: in a one-to-one chat a sent message is Read or Unread.
  if (item.conversationType !== TYPES.CONV_C2C) return null;
  return (
    <span className={item.isPeerRead ? 'pc-msg__read' : 'pc-msg__read pc-msg__read--unread'} data-testid="read-state">
      {item.isPeerRead ? t('message.read') : t('message.unread')}
    </span>
  );
}

/** Tips and system notices: a centred line (KGRP2). */
function NoticeLine({ item, selfID }: { item: MessageItem; selfID: string }) {
  const t = useT();
  const nameOf = useNameOf(item.conversationType === TYPES.CONV_GROUP ? item.to : null);
  const text =
    item.type === TYPES.MSG_GRP_TIP
      ? groupTipText(item.payload, selfID, t, nameOf)
      : item.type === TYPES.MSG_CUSTOM
        ? customSummary(item.payload, item.from, t, nameOf, selfID)
        : systemNoticeText(item.payload, t, nameOf);
  return (
    <p className="pc-msg-notice" data-testid="group-tip">
      {text}
    </p>
  );
}

/** Decision 0012: the sender of an incoming group message by name card, then nick, then user ID (KGRP1). */
export const senderName = (item: Pick<MessageItem, 'nameCard' | 'nick' | 'from'>) =>
  item.nameCard || item.nick || item.from;

/**
 * The sender's name over an incoming group message: what the message carries, else the kit's resolver, which names
 * a deleted account 'Deleted user' / '已注销用户' (PDAT22; its messages carry no name, PDAT12).
 */
function SenderName({ item }: { item: MessageItem }) {
  const nameOf = useNameOf(item.to);
  return (
    <span className="pc-msg__sender" data-testid="sender-name">
      {item.nameCard || item.nick || nameOf(item.from)}
    </span>
  );
}

export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { item, timeBefore, now, selfID, onResend, onReadState } = props;
  const t = useT();
  const own = item.flow === 'out';
  const notice =
    item.type === TYPES.MSG_GRP_TIP ||
    item.type === TYPES.MSG_GRP_SYS_NOTICE ||
    (item.type === TYPES.MSG_CUSTOM && businessIDOf(item.payload) === GROUP_CREATE);
  const named = !own && item.conversationType === TYPES.CONV_GROUP;
  return (
    <div className="pc-msg-row" data-message-id={item.ID} data-testid="message">
      {timeBefore !== null && <TimeDivider seconds={timeBefore} now={now} />}
      {notice ? (
        <NoticeLine item={item} selfID={selfID} />
      ) : item.isRevoked ? (
        <p className="pc-msg-notice">
          {item.from === selfID ? t('message.recalledByYou') : t('message.recalledBy', { name: senderName(item) })}
          {item.from === selfID && <ReeditLink ID={item.ID} />}
        </p>
      ) : (
        <div className={own ? 'pc-msg pc-msg--out' : 'pc-msg pc-msg--in'} data-status={item.status}>
          <SelectToggle item={item} />
          <AvatarButton userID={item.from} src={item.avatar} size={36} className="pc-msg__avatar" />
          <div className={named ? 'pc-msg__column' : 'pc-msg__column pc-msg__column--plain'}>
            {named && <SenderName item={item} />}
            <QuoteLine item={item} />
            <div className="pc-msg__body">
              <MessageMenu item={item}>
                <div className="pc-bubble">
                  <MessageContent item={item} />
                </div>
              </MessageMenu>
              <EditedMark item={item} />
              <SendStatus item={item} onResend={onResend} onReadState={onReadState} />
            </div>
            <ReactionBar messageID={item.ID} />
            <RepliesLink item={item} />
          </div>
        </div>
      )}
    </div>
  );
});
