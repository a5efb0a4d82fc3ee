import { MESSAGE_TYPE } from '@parley/protocol';

/**
 * `lastMessage.messageForShow` for a message the SDK learned by push, matching what the server computes for the
 * conversation list (TIM's Chinese labels, reference §12.2; the UI translates them).
 */
const LABELS: Readonly<Record<string, string>> = {
  [MESSAGE_TYPE.IMAGE]: '[图片]',
  [MESSAGE_TYPE.LOCATION]: '[位置]',
  [MESSAGE_TYPE.AUDIO]: '[语音]',
  [MESSAGE_TYPE.VIDEO]: '[视频]',
  [MESSAGE_TYPE.FILE]: '[文件]',
  [MESSAGE_TYPE.CUSTOM]: '[自定义消息]',
  [MESSAGE_TYPE.GROUP_TIP]: '[群提示消息]',
  [MESSAGE_TYPE.GROUP_SYSTEM_NOTICE]: '[群系统通知]',
  [MESSAGE_TYPE.FACE]: '[动画表情]',
  [MESSAGE_TYPE.MERGER]: '[聊天记录]',
};

export function messageForShow(type: string, payload: Record<string, unknown>): string {
  if (type === MESSAGE_TYPE.TEXT && typeof payload.text === 'string') return payload.text;
  if (type === MESSAGE_TYPE.CUSTOM && typeof payload.description === 'string' && payload.description) {
    return payload.description;
  }
  return LABELS[type] ?? '';
}
