// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationList } from '../src/conversation-list/conversation-list.tsx';
import { unreadForReading } from '../src/conversation-list/marks.ts';
import { EVENT, TYPES } from '../src/provider/chat-port.ts';
import { conversation, FakeChat } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const STAR = TYPES.CONV_MARK_TYPE_STAR;
const UNREAD = TYPES.CONV_MARK_TYPE_UNREAD;

/** An SDK double that records the marks it is asked to set. */
class MarkChat extends FakeChat {
  readonly marks: string[] = [];
  async markConversation(o: { conversationIDList: string[]; markType: number; enableMark: boolean }) {
    this.marks.push(`${o.conversationIDList.join(',')} ${o.markType} ${o.enableMark}`);
    return { code: 0, data: { successConversationIDList: o.conversationIDList, failureConversationIDList: [] } };
  }
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

const rowOf = (id: string) => byTestId('conversation-row').find((r) => r.dataset.conversationId === id);

async function openMenu(id: string) {
  await act(async () => {
    rowOf(id)?.dispatchEvent(
      new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 50, clientY: 50 }),
    );
  });
  const menu = byTestId('conversation-menu')[0];
  if (!menu) throw new Error('no conversation menu');
  return menu;
}

const TEXTS = {
  en: {
    unread: 'Mark as unread',
    read: 'Mark as read',
    star: 'Star',
    unstar: 'Unstar',
    marked: 'Marked unread',
    starred: 'Starred',
  },
  zh: { unread: '标为未读', read: '取消未读', star: '星标', unstar: '取消星标', marked: '已标为未读', starred: '星标' },
} as const;

describe('conversation marks in the kit (decision 0043)', () => {
  it.each(['en', 'zh'] as const)(
    'MARK10 the row menu marks unread and stars, and offers the undo once marked (%s)',
    async (language) => {
      const text = TEXTS[language];
      const chat = new MarkChat();
      chat.conversations = [conversation('C2Cbob'), conversation('C2Ccat', { markList: [STAR, UNREAD] })];
      const view = await renderKit(chat, () => <ConversationList />, { language });
      cleanups.push(view.unmount);
      await view.act();

      let menu = await openMenu('C2Cbob');
      expect(menu.querySelector('[data-testid="mark-unread"]')?.textContent).toBe(text.unread);
      expect(menu.querySelector('[data-testid="mark-star"]')?.textContent).toBe(text.star);
      await act(async () => (menu.querySelector('[data-testid="mark-unread"]') as HTMLElement).click());
      menu = await openMenu('C2Cbob');
      await act(async () => (menu.querySelector('[data-testid="mark-star"]') as HTMLElement).click());
      expect(chat.marks).toEqual([`C2Cbob ${UNREAD} true`, `C2Cbob ${STAR} true`]);

      menu = await openMenu('C2Ccat');
      expect(menu.querySelector('[data-testid="mark-unread"]')?.textContent).toBe(text.read);
      expect(menu.querySelector('[data-testid="mark-star"]')?.textContent).toBe(text.unstar);
      await act(async () => (menu.querySelector('[data-testid="mark-unread"]') as HTMLElement).click());
      expect(chat.marks.at(-1)).toBe(`C2Ccat ${UNREAD} false`);
    },
  );

  it.each(['en', 'zh'] as const)(
    'MARK11 a marked row shows a named dot and a named star; a count wins over the dot (%s)',
    async (language) => {
      const text = TEXTS[language];
      const chat = new MarkChat();
      chat.conversations = [
        conversation('C2Cbob', { markList: [UNREAD] }),
        conversation('C2Ccat', { markList: [STAR] }),
        conversation('C2Cdan', { markList: [UNREAD], unreadCount: 3 }),
        conversation('C2Ceve'),
      ];
      const view = await renderKit(chat, () => <ConversationList />, { language });
      cleanups.push(view.unmount);
      await view.act();

      const bob = rowOf('C2Cbob');
      expect(bob?.dataset.markedUnread).toBe('true');
      expect(bob?.querySelector('[data-testid="unread-mark"]')?.getAttribute('aria-label')).toBe(text.marked);
      expect(bob?.querySelector('[data-testid="star-mark"]')).toBeNull();
      const cat = rowOf('C2Ccat');
      expect(cat?.dataset.starred).toBe('true');
      expect(cat?.querySelector('[data-testid="star-mark"]')?.getAttribute('aria-label')).toBe(text.starred);
      expect(cat?.querySelector('[data-testid="unread-mark"]')).toBeNull();
      const dan = rowOf('C2Cdan');
      expect(dan?.querySelector('[data-testid="unread-badge"]')?.textContent).toContain('3');
      expect(dan?.querySelector('[data-testid="unread-mark"]')).toBeNull();
      const eve = rowOf('C2Ceve');
      expect(eve?.dataset.markedUnread).toBeUndefined();
      expect(eve?.querySelector('[data-testid="unread-mark"], [data-testid="star-mark"]')).toBeNull();

      // A mark set on another device arrives with CONVERSATION_LIST_UPDATED.
      await view.act(() => chat.emit(EVENT.CONVERSATION_LIST_UPDATED, [conversation('C2Ceve', { markList: [STAR] })]));
      expect(rowOf('C2Ceve')?.querySelector('[data-testid="star-mark"]')).not.toBeNull();
    },
  );

  it('MARK10 the row menu works from the keyboard: Enter on an item chooses it and opens no conversation', async () => {
    const chat = new MarkChat();
    chat.conversations = [conversation('C2Cbob'), conversation('C2Ccat')];
    const view = await renderKit(chat, () => <ConversationList />);
    cleanups.push(view.unmount);
    await view.act();
    const menu = await openMenu('C2Cbob');
    const star = menu.querySelector<HTMLElement>('[data-testid="mark-star"]');
    await act(async () => {
      star?.focus();
      star?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    });
    expect(rowOf('C2Ccat')).not.toBe(document.activeElement);
    await act(async () => {
      star?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    expect(chat.marks).toEqual([`C2Cbob ${STAR} true`]);
    expect(view.kit.current.getSnapshot().conversationID).toBeFalsy();
  });

  it('MARK10 MARK12 the open conversation offers no unread mark and counts one as unread, so opening reads it', async () => {
    const chat = new MarkChat();
    chat.conversations = [conversation('C2Cbob', { markList: [UNREAD] }), conversation('C2Ccat')];
    const view = await renderKit(chat, () => <ConversationList />);
    cleanups.push(view.unmount);
    await view.act(() => view.kit.open('C2Cbob'));
    const menu = await openMenu('C2Cbob');
    expect(menu.querySelector('[data-testid="mark-unread"]')).toBeNull();
    expect(menu.querySelector('[data-testid="mark-star"]')).not.toBeNull();
    // What the open chat passes as its unread count (ChatWindow → MessageList.markRead).
    expect(unreadForReading(conversation('C2Cbob', { markList: [UNREAD] }))).toBe(1);
    expect(unreadForReading(conversation('C2Cbob', { markList: [UNREAD], unreadCount: 4 }))).toBe(4);
    expect(unreadForReading(conversation('C2Cbob', { markList: [STAR] }))).toBe(0);
    expect(unreadForReading(null)).toBe(0);
  });
});
