import { GROUP_CREATE } from '../message-list/custom-summary.ts';
import { type ChatMessage, TYPES } from '../provider/chat-port.ts';

interface CustomPort {
  createCustomMessage(options: {
    to: string;
    conversationType: string;
    payload: { data: string; description: string; extension: string };
  }): ChatMessage;
  sendMessage(message: ChatMessage): Promise<unknown>;
}

/**
 * The 'group created' line of a new group (KGRP17): the creator sends TUIKit's `group_create` custom message, so every
 * member's chat starts with 'X created the group' and the list's preview is not empty. An AVChatRoom keeps no history
 * of it (its creator is not yet in the room). A failure is logged: the group exists either way.
 */
export async function announceCreated(chat: object, group: { groupID: string; type?: string }, creator: string) {
  const c = chat as Partial<CustomPort>;
  if (typeof c.createCustomMessage !== 'function' || typeof c.sendMessage !== 'function') return;
  if (group.type === TYPES.GRP_AVCHATROOM) return;
  const port = chat as CustomPort;
  const data = JSON.stringify({ businessID: GROUP_CREATE, version: 4, opUser: creator, content: '创建群组' });
  try {
    const message = port.createCustomMessage({
      to: group.groupID,
      conversationType: TYPES.CONV_GROUP,
      payload: { data, description: '', extension: '' },
    });
    await port.sendMessage(message);
  } catch (err) {
    console.warn('[parley-chat] group created message failed', err);
  }
}
