import { MESSAGE_TYPE } from './constants.ts';

/** TIM's Chinese `messageForShow` labels (reference §12.2); UIs translate them. */
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

/**
 * The display text of a conversation's last message. One definition for the server (conversation list)
 * and the SDK (messages learned by push), so both always agree.
 */
export function messageForShow(type: string, payload: Record<string, unknown>): string {
  if (type === MESSAGE_TYPE.TEXT && typeof payload.text === 'string') return payload.text;
  if (type === MESSAGE_TYPE.CUSTOM && typeof payload.description === 'string' && payload.description) {
    return payload.description;
  }
  return LABELS[type] ?? '';
}
