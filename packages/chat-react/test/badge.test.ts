import { describe, expect, it } from 'vitest';
import { BADGE_CAP, badgeText } from '../src/conversation-list/badge.ts';
import { nextFocusIndex } from '../src/conversation-list/list-keys.ts';
import { sortConversations } from '../src/conversation-list/order.ts';
import type { ChatConversation } from '../src/provider/chat-port.ts';

describe('unread badge (seed 000 §9: caps at 99+)', () => {
  it('shows nothing for zero or nonsense', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });

  it('shows the count up to 99 and 99+ above', () => {
    expect(BADGE_CAP).toBe(99);
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });
});

const conv = (id: string, lastTime: number, isPinned = false): ChatConversation => ({
  conversationID: id,
  type: 'C2C',
  unreadCount: 0,
  isPinned,
  messageRemindType: 'AcceptAndNotify',
  lastMessage: {
    lastTime,
    fromAccount: 'x',
    type: 'TIMTextElem',
    payload: { text: '' },
    messageForShow: '',
    isRevoked: false,
  },
});

describe('conversation order', () => {
  it('puts pinned rows first, then the newest activity', () => {
    const sorted = sortConversations([conv('C2Ca', 10), conv('C2Cb', 30), conv('C2Cc', 5, true), conv('C2Cd', 20)]);
    expect(sorted.map((c) => c.conversationID)).toEqual(['C2Cc', 'C2Cb', 'C2Cd', 'C2Ca']);
  });

  it('treats a conversation without a last message as oldest', () => {
    const empty = { ...conv('C2Ce', 0), lastMessage: null };
    expect(sortConversations([empty, conv('C2Ca', 1)]).map((c) => c.conversationID)).toEqual(['C2Ca', 'C2Ce']);
  });
});

describe('list keyboard navigation', () => {
  it('steps with the arrows and stops at the ends', () => {
    expect(nextFocusIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextFocusIndex('ArrowDown', 2, 3)).toBe(2);
    expect(nextFocusIndex('ArrowUp', 0, 3)).toBe(0);
    expect(nextFocusIndex('ArrowUp', 2, 3)).toBe(1);
  });

  it('jumps with Home and End, ignores other keys and empty lists', () => {
    expect(nextFocusIndex('Home', 2, 3)).toBe(0);
    expect(nextFocusIndex('End', 0, 3)).toBe(2);
    expect(nextFocusIndex('a', 0, 3)).toBeNull();
    expect(nextFocusIndex('ArrowDown', 0, 0)).toBeNull();
  });
});
