import { CONVERSATION_TYPE, MESSAGE_TYPE, type WireMessage } from '@parley/protocol';
import type { MessageRow } from '../ports.ts';

function parseObject(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function parseStrings(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function conversationTypeOf(conversationKey: string): string {
  return conversationKey.startsWith('group:') ? CONVERSATION_TYPE.GROUP : CONVERSATION_TYPE.C2C;
}

export function toWire(row: MessageRow): WireMessage {
  return {
    ID: row.id,
    conversationType: conversationTypeOf(row.conversationID),
    from: row.sender,
    to: row.receiver,
    sequence: row.seq,
    time: row.time,
    clientTime: row.clientTime,
    type: row.type,
    payload: parseObject(row.payload),
    cloudCustomData: row.cloudCustomData,
    nick: row.nick,
    avatar: row.avatar,
    nameCard: row.nameCard,
    priority: row.priority,
    needReadReceipt: row.needReadReceipt,
    atUserList: parseStrings(row.atUserList),
    isRevoked: row.isRevoked,
    isModified: row.isModified,
    isDeleted: row.isDeleted,
    onlineOnly: false,
  };
}

/** The TIM `messageForShow` labels (reference §12.2, Chinese: the product's default language). */
const LABELS: Record<string, string> = {
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
