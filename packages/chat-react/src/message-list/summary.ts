import type { Translate } from '../i18n/translate.ts';
import { TYPES } from '../provider/chat-port.ts';
import { groupTipText, systemNoticeText } from '../group/tip-text.ts';
import type { NameOf } from '../names/name-store.ts';
import { customSummary } from './custom-summary.ts';
import { textOf } from './message-item.ts';

/** Labels of non-text messages (reference §12.2 `messageForShow`), translated by the kit rather than the SDK. */
const LABELS: Record<string, string> = {
  [TYPES.MSG_IMAGE]: 'message.image',
  [TYPES.MSG_AUDIO]: 'message.audio',
  [TYPES.MSG_VIDEO]: 'message.video',
  [TYPES.MSG_FILE]: 'message.file',
  [TYPES.MSG_FACE]: 'message.face',
  [TYPES.MSG_LOCATION]: 'message.location',
  [TYPES.MSG_CUSTOM]: 'message.custom',
  [TYPES.MSG_MERGER]: 'message.merger',
  [TYPES.MSG_GRP_TIP]: 'message.groupTip',
  [TYPES.MSG_GRP_SYS_NOTICE]: 'message.groupSystemNotice',
};

export interface Summarizable {
  type: string;
  payload: unknown;
  isRevoked: boolean;
  /** Sender's user ID. */
  from: string;
  nick?: string | undefined;
  nameCard?: string | undefined;
}

/** One line of text for a message: the conversation preview, the live-region announcement. */
export function messageSummary(message: Summarizable, selfID: string, t: Translate, nameOf?: NameOf): string {
  if (message.isRevoked) {
    return message.from === selfID
      ? t('message.recalledByYou')
      : t('message.recalledBy', { name: message.nameCard || message.nick || nameOf?.(message.from) || message.from });
  }
  if (message.type === TYPES.MSG_TEXT) return textOf(message.payload) ?? '';
  if (message.type === TYPES.MSG_GRP_TIP && message.payload) return groupTipText(message.payload, selfID, t, nameOf);
  if (message.type === TYPES.MSG_GRP_SYS_NOTICE && message.payload) return systemNoticeText(message.payload, t, nameOf);
  // Custom kinds in the kit's language; an unknown kind by its description (decision 0016, KGRP18).
  if (message.type === TYPES.MSG_CUSTOM) return customSummary(message.payload, message.from, t, nameOf, selfID);
  const label = LABELS[message.type];
  return label ? t(label) : t('message.unsupported');
}
