// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MessageMenu } from '../src/actions/menu/message-menu.tsx';
import { useStore } from '../src/hooks/use-store.ts';
import { RovingContext } from '../src/message-list/roving.ts';
import type { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { conversation } from './fake-chat.ts';
import { FakeGroupChat, groupMessage } from './fake-group-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const CONV = 'GROUPg1';

/** A group SDK double with pins and the message actions, so the menu offers every action of a stored message. */
class PinMenuChat extends FakeGroupChat {
  pinned: ChatMessage[] = [];
  refusal: { code: number; message: string } | null = null;
  async getPinnedGroupMessageList() {
    return { code: 0, data: { messageList: this.pinned } };
  }
  async pinGroupMessage(o: { groupID: string; message: { ID: string }; isPinned: boolean }) {
    this.calls.push(`pin ${o.groupID} ${o.message.ID} ${o.isPinned}`);
    if (this.refusal) throw this.refusal;
    return { code: 0, data: {} };
  }
  // The menu asks for the server's settings (the edit window); the group double's experimental API handles others.
  override callExperimentalAPI(key: string, o?: { handleAction: string; message: ChatMessage }) {
    return o ? super.callExperimentalAPI(key, o) : Promise.resolve({ code: 0, data: {} });
  }
  async deleteMessage(list: ChatMessage[]) {
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

function Messages({ kit }: { kit: ChatKit }) {
  const { items } = useStore(kit.messages);
  return (
    <RovingContext.Provider value={{ current: items.at(-1)?.ID, setCurrent: () => undefined }}>
      {items.map((item) => (
        <MessageMenu key={item.ID} item={item}>
          <p>{(item.payload as { text: string }).text}</p>
        </MessageMenu>
      ))}
    </RovingContext.Provider>
  );
}

async function openGroup(role: string, language: 'en' | 'zh' = 'en') {
  const chat = new PinMenuChat();
  (chat.members[0] as { role: string }).role = role;
  chat.history.set(CONV, [
    groupMessage('m1', { payload: { text: 'agenda' }, sequence: 1 }),
    groupMessage('m2', { payload: { text: 'minutes' }, sequence: 2 }),
  ]);
  chat.pinned = [groupMessage('m1', { payload: { text: 'agenda' } })];
  chat.conversations = [conversation(CONV, { type: 'GROUP' })];
  const view = await renderKit(chat, (kit) => <Messages kit={kit} />, { language });
  cleanups.push(view.unmount);
  await view.act(() => view.kit.open(CONV));
  await view.act();
  return { chat, view };
}

async function menuOf(index: number) {
  await act(async () => {
    byTestId('message-menu-trigger')[index]?.dispatchEvent(
      new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 50, clientY: 50 }),
    );
  });
  const menu = byTestId('message-menu')[0];
  if (!menu) throw new Error('no message menu');
  return menu;
}

describe('Pin in the message menu (PIN10)', () => {
  it.each([
    ['Admin', 'en', 'Pin', 'Unpin'],
    ['Owner', 'zh', '置顶', '取消置顶'],
  ] as const)('PIN10 an %s pins and unpins from the menu (%s)', async (role, language, pin, unpin) => {
    const { chat } = await openGroup(role, language);
    let menu = await menuOf(1);
    expect(menu.querySelector('[data-testid="action-pin"]')?.textContent).toBe(pin);
    await act(async () => (menu.querySelector('[data-testid="action-pin"]') as HTMLElement).click());
    expect(chat.calls).toContain('pin g1 m2 true');
    menu = await menuOf(0);
    expect(menu.querySelector('[data-testid="action-pin"]')).toBeNull();
    await act(async () => (menu.querySelector('[data-testid="action-unpin"]') as HTMLElement).click());
    expect(menu.textContent).toContain(unpin);
    expect(chat.calls).toContain('pin g1 m1 false');
  });

  it('PIN10 a member has neither item; made an admin, the same menu offers Pin', async () => {
    await openGroup('Member');
    for (const index of [0, 1]) {
      const menu = await menuOf(index);
      expect(menu.querySelector('[data-testid="action-pin"], [data-testid="action-unpin"]')).toBeNull();
      await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    }
    for (const fn of cleanups.splice(0)) fn();
    await openGroup('Admin');
    expect((await menuOf(1)).querySelector('[data-testid="action-pin"]')).not.toBeNull();
  });

  it.each([
    ['en', 10007, 'Only the group owner and admins can pin messages'],
    ['zh', 10007, '只有群主和管理员可以置顶消息'],
    ['en', 10004, 'This message cannot be pinned (at most 10 pinned messages, none recalled)'],
  ] as const)('PIN10 a refusal is a toast that says why (%s, %i)', async (language, code, text) => {
    const { chat, view } = await openGroup('Admin', language);
    chat.refusal = { code, message: 'refused' };
    const menu = await menuOf(1);
    await act(async () => (menu.querySelector('[data-testid="action-pin"]') as HTMLElement).click());
    await view.act();
    expect(view.kit.toasts.getSnapshot().map((toast) => toast.text)).toEqual([text]);
  });
});
