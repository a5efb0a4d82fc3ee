import { afterEach, describe, expect, it } from 'vitest';
import { conversationView } from '../src/domain/conversations/view.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import type { Repos } from '../src/domain/ports.ts';
import { cleanupApps } from './support/app.ts';
import { KINDS, makeChat, nextID } from './support/messaging.ts';

afterEach(cleanupApps);

describe.each(KINDS)('conversation rows under concurrent sends (%s)', (kind) => {
  it('RD2 a conversation row never counts unread past its own lastSequence when a send commits while it is read', async () => {
    const c = await makeChat(kind, ['amy', 'bob']);
    const d = c.app.parley.domain;
    const text = (t: string) => ({
      ID: nextID(),
      conversationType: 'C2C' as const,
      to: 'bob',
      type: 'TIMTextElem' as const,
      payload: { text: t },
    });
    await sendMessage(d, 'amy', text('first'));
    const member = await d.storage.conversations.getMember('bob', 'C2Camy');
    if (!member) throw new Error('no member row');
    // The conversation row is read, then another message commits before the rest of the row is read.
    const repos: Repos = {
      ...d.storage,
      conversations: {
        ...d.storage.conversations,
        get: async (id) => {
          const row = await d.storage.conversations.get(id);
          await sendMessage(d, 'amy', text('second'));
          return row;
        },
      },
    };
    const view = await conversationView(repos, member);
    expect(view.lastSequence).toBe(1);
    expect(view.unreadCount).toBe(1);
  });
});
