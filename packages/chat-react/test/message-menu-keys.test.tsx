// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MessageMenu } from '../src/actions/menu/message-menu.tsx';
import { useStore } from '../src/hooks/use-store.ts';
import { RovingContext } from '../src/message-list/roving.ts';
import type { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { conversation, FakeChat, history } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const CONV = 'C2Cpeer';

/** The SDK double with the message-action methods, so the menu offers every action of a stored message. */
class ActingChat extends FakeChat {
  async deleteMessage(list: ChatMessage[]) {
    for (const m of list) this.calls.push(`delete ${m.ID}`);
    return { code: 0, data: { messageList: list } };
  }
  async revokeMessage() {}
  async addMessageReaction() {}
  async removeMessageReaction() {}
  async getMessageReactions() {
    return { code: 0, data: { resultList: [] } };
  }
}

beforeAll(() => {
  // Radix measures its popovers; jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as never;
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

/** The messages as the list shows them: each in its menu, one in the tab order. */
function Messages({ kit }: { kit: ChatKit }) {
  const { items } = useStore(kit.messages);
  return (
    <RovingContext.Provider value={{ current: items.at(-1)?.ID, setCurrent: () => undefined }}>
      <div data-testid="message-list">
        {items.map((item) => (
          <MessageMenu key={item.ID} item={item}>
            <p>{(item.payload as { text: string }).text}</p>
          </MessageMenu>
        ))}
      </div>
    </RovingContext.Provider>
  );
}

async function open(language: 'en' | 'zh' = 'en') {
  const chat = new ActingChat();
  chat.history.set(CONV, history(CONV, 3));
  chat.conversations = [conversation(CONV)];
  const view = await renderKit(chat, (kit) => <Messages kit={kit} />, { language });
  cleanups.push(view.unmount);
  await view.act(() => view.kit.open(CONV));
  return { chat, view };
}

const key = (el: Element | undefined, k: string, init: KeyboardEventInit = {}) =>
  act(() => {
    el?.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
  });

describe('message actions by button and keyboard (KACT30–KACT32)', () => {
  it('KACT30 each message has a labelled ⋯ button for its actions menu', async () => {
    await open();
    const buttons = byTestId('message-more');
    expect(buttons).toHaveLength(3);
    expect(buttons[0]?.getAttribute('aria-label')).toBe('Message actions');
    expect(buttons[0]?.getAttribute('aria-haspopup')).toBe('menu');
  });

  it('KACT31 one message is in the tab order; arrows move the focus; Enter and Shift+F10 open the menu, Escape returns to the message', async () => {
    await open();
    const messages = byTestId('message-menu-trigger');
    expect(messages.map((m) => m.tabIndex)).toEqual([-1, -1, 0]);
    act(() => messages[2]?.focus());
    await key(messages[2], 'ArrowUp');
    expect(document.activeElement).toBe(messages[1]);
    await key(messages[1], 'Enter');
    const menu = byTestId('message-menu')[0];
    expect(menu?.getAttribute('role')).toBe('menu');
    expect(byTestId('action-copy')).toHaveLength(1);
    await key(document.activeElement ?? undefined, 'Escape');
    expect(byTestId('message-menu')).toHaveLength(0);
    expect(document.activeElement).toBe(messages[1]);
    await key(messages[1], 'F10', { shiftKey: true });
    expect(byTestId('message-menu')).toHaveLength(1);
  });

  it('KACT32 delete asks first (both languages); only the dialog’s Delete deletes', async () => {
    for (const language of ['en', 'zh'] as const) {
      const { chat } = await open(language);
      const messages = byTestId('message-menu-trigger');
      await key(messages[2], 'Enter');
      await act(async () => byTestId('action-delete')[0]?.click());
      const dialog = byTestId('delete-message-dialog')[0];
      expect(dialog?.textContent).toMatch(language === 'en' ? /Delete this message\?/ : /删除这条消息？/);
      expect(chat.calls.filter((c) => c.startsWith('delete'))).toEqual([]);
      await act(async () => byTestId('delete-message-confirm')[0]?.click());
      expect(chat.calls.filter((c) => c.startsWith('delete'))).toEqual(['delete m3']);
      for (const fn of cleanups.splice(0)) fn();
    }
  });

  it('UI30 a context menu placed at the pointer closes when the window narrows under it, not when only its height changes', async () => {
    await open();
    const messages = byTestId('message-menu-trigger');
    await act(async () => {
      messages[1]?.dispatchEvent(
        new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 300, clientY: 200 }),
      );
    });
    expect(byTestId('message-menu')).toHaveLength(1);
    const resize = (width: number, height: number) =>
      act(() => {
        Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
        Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
        window.dispatchEvent(new Event('resize'));
      });
    const { innerWidth, innerHeight } = window;
    cleanups.push(() => {
      Object.defineProperty(window, 'innerWidth', { value: innerWidth, configurable: true });
      Object.defineProperty(window, 'innerHeight', { value: innerHeight, configurable: true });
    });
    // A phone's keyboard changes the height only: the menu stays.
    await resize(innerWidth, innerHeight - 200);
    expect(byTestId('message-menu')).toHaveLength(1);
    await resize(320, 640);
    expect(byTestId('message-menu')).toHaveLength(0);
  });
});
