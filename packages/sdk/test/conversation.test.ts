import { describe, expect, it } from 'vitest';
import { type Conversation, compareConversations, totalUnread } from '../src/conversation/conversation.ts';
import { ConversationStore } from '../src/conversation/conversation-store.ts';
import { messageFromWire } from '../src/message/message.ts';
import { emptyConversation, type WireConversation } from '@parley/protocol';
import { wire } from './fake-socket.ts';

const conv = (id: string, lastTime: number, isPinned = false) =>
  ({ conversationID: id, isPinned, lastMessage: { lastTime } }) as unknown as Conversation;

function row(peer: string, fields: Partial<WireConversation> = {}): WireConversation {
  return { ...emptyConversation(`C2C${peer}`, 'C2C'), syncVersion: 1, ...fields };
}

describe('SDK44 conversation order', () => {
  it('puts pinned conversations first, then the newest last message first, ties by ID', () => {
    const list = [
      conv('C2Ca', 100),
      conv('C2Cb', 300),
      conv('C2Cc', 50, true),
      conv('C2Cd', 300),
      conv('C2Ce', 0, true),
    ];
    expect(list.sort(compareConversations).map((c) => c.conversationID)).toEqual([
      'C2Cc',
      'C2Ce',
      'C2Cb',
      'C2Cd',
      'C2Ca',
    ]);
  });
});

describe('SDK45 total unread rules', () => {
  it('counts AcceptAndNotify conversations only; muted and system conversations are left out', () => {
    const base = { type: 'C2C', messageRemindType: 'AcceptAndNotify' };
    expect(
      totalUnread([
        { ...base, unreadCount: 3 },
        { ...base, unreadCount: 2, messageRemindType: 'AcceptNotNotify' },
        { ...base, unreadCount: 4, messageRemindType: 'Discard' },
        { ...base, unreadCount: 5, type: '@TIM#SYSTEM' },
        { ...base, unreadCount: 1 },
      ]),
    ).toBe(4);
  });

  it('KACT23 a recall of the last message reaches the list’s preview at once; another message’s recall does not', () => {
    const store = new ConversationStore({ me: () => 'me', onChange: () => {} });
    store.applyRow(row('amy', { lastSequence: 0 }));
    const viewer = { userID: 'me' };
    const older = messageFromWire(wire({ ID: 'a', from: 'amy', to: 'me', sequence: 1 }), viewer);
    const last = messageFromWire(wire({ ID: 'b', from: 'amy', to: 'me', sequence: 2, payload: { text: 'x' } }), viewer);
    store.applyMessage(older);
    store.applyMessage(last);
    older.isRevoked = true;
    store.messageChanged([older]);
    expect(store.get('C2Camy')?.lastMessage).toMatchObject({ lastSequence: 2, isRevoked: false, messageForShow: 'x' });
    last.isRevoked = true;
    store.messageChanged([last]);
    expect(store.get('C2Camy')?.lastMessage).toMatchObject({ lastSequence: 2, isRevoked: true, messageForShow: '' });
  });

  it('RD2 counts the peer’s messages after my read position; my own message marks the conversation read', () => {
    let changes = 0;
    const store = new ConversationStore({ me: () => 'me', onChange: () => (changes += 1) });
    store.applyRow(row('amy', { lastSequence: 2, readSequence: 1, unreadCount: 1 }));
    const viewer = { userID: 'me' };
    store.applyMessage(messageFromWire(wire({ from: 'amy', to: 'me', sequence: 3 }), viewer));
    store.applyMessage(messageFromWire(wire({ from: 'amy', to: 'me', sequence: 4 }), viewer));
    expect(store.get('C2Camy')?.unreadCount).toBe(3);
    expect(store.totalUnread()).toBe(3);
    // A repeat or an older message changes nothing.
    store.applyMessage(messageFromWire(wire({ from: 'amy', to: 'me', sequence: 4 }), viewer));
    store.applyMessage(messageFromWire(wire({ from: 'amy', to: 'me', sequence: 2 }), viewer));
    expect(store.get('C2Camy')?.unreadCount).toBe(3);
    store.applyMessage(messageFromWire(wire({ from: 'me', to: 'amy', sequence: 5, payload: { text: 'hi' } }), viewer));
    expect(store.get('C2Camy')).toMatchObject({
      unreadCount: 0,
      lastMessage: { messageForShow: 'hi', lastSequence: 5 },
    });
    expect(changes).toBe(4);
  });

  it('keeps what it applied when an older server row arrives late, and shows a new peer at once', () => {
    const store = new ConversationStore({ me: () => 'me', onChange: () => {} });
    const viewer = { userID: 'me' };
    expect(store.applyMessage(messageFromWire(wire({ from: 'bob', to: 'me', sequence: 1 }), viewer))).toBe(false);
    expect(store.get('C2Cbob')).toMatchObject({ unreadCount: 1, userProfile: { userID: 'bob', nick: 'bob-nick' } });
    store.applyMessage(messageFromWire(wire({ from: 'bob', to: 'me', sequence: 2 }), viewer));
    store.applyRow(row('bob', { lastSequence: 1, unreadCount: 1, peerReadSequence: 0 }));
    expect(store.get('C2Cbob')).toMatchObject({ unreadCount: 2, lastMessage: { lastSequence: 2 } });
  });

  it('emits no change for a row identical to what it has', () => {
    let changes = 0;
    const store = new ConversationStore({ me: () => 'me', onChange: () => (changes += 1) });
    store.applyRow(row('amy', { unreadCount: 2 }));
    const before = store.get('C2Camy');
    store.applyRow(row('amy', { unreadCount: 2 }));
    expect(changes).toBe(1);
    expect(store.get('C2Camy')).toBe(before);
  });
});
