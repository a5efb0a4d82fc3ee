import { CONVERSATION_TYPE, type WireMessage } from '@parley/protocol';
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
  if (conversationKey.startsWith('group:')) return CONVERSATION_TYPE.GROUP;
  return conversationKey.startsWith('system:') ? CONVERSATION_TYPE.SYSTEM : CONVERSATION_TYPE.C2C;
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
    // Message actions (decision 0015): present once a message was modified or recalled.
    ...(row.modifyVersion > 0 ? { version: row.modifyVersion } : {}),
    ...(row.revoker ? { revoker: row.revoker } : {}),
    // Edited messages (decision 0046, EDIT4): when the sender last changed the content.
    ...(row.editedAt ? { editTime: row.editedAt } : {}),
  };
}
