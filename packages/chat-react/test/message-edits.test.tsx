// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MessageMenu } from '../src/actions/menu/message-menu.tsx';
import { QuoteLine } from '../src/actions/replies/reply-ui.tsx';
import { EditedMark } from '../src/edits/edit-ui.tsx';
import { useStore } from '../src/hooks/use-store.ts';
import { MessageInput } from '../src/message-input/message-input.tsx';
import { RovingContext } from '../src/message-list/roving.ts';
import type { ChatKit } from '../src/provider/chat-kit.ts';
import { type ChatMessage, EVENT } from '../src/provider/chat-port.ts';
import { conversation, FakeChat, incoming } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const CONV = 'C2Cpeer';
const now = () => Math.floor(Date.now() / 1000);

/** An SDK double that modifies (recording the text) and answers an edit history. */
class EditingChat extends FakeChat {
  config: Record<string, unknown> = {};
  async deleteMessage(list: ChatMessage[]) {
    return { code: 0, data: { messageList: list } };
  }
  async revokeMessage() {}
  async addMessageReaction() {}
  async removeMessageReaction() {}
  async getMessageReactions() {
    return { code: 0, data: { resultList: [] } };
  }
  async modifyMessage(message: ChatMessage) {
    this.calls.push(`modify ${message.ID} ${(message.payload as { text: string }).text}`);
    message.editTime = now();
    return { code: 0, data: { message } };
  }
  async getMessageEditHistory(message: ChatMessage) {
    this.calls.push(`history ${message.ID}`);
    return {
      code: 0,
      data: { versionList: [{ version: 0, payload: { text: 'first words' }, time: now() - 60, replacedTime: now() }] },
    };
  }
  callExperimentalAPI(key: string) {
    return key === 'getServerConfig' ? { code: 0, data: this.config } : undefined;
  }
}

const outgoing = (ID: string, text: string, ageSeconds: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  ...incoming(CONV, ID, text, 1),
  from: 'me',
  to: 'peer',
  flow: 'out',
  time: now() - ageSeconds,
  ...over,
});

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

function Chat({ kit }: { kit: ChatKit }) {
  const { items } = useStore(kit.messages);
  return (
    <RovingContext.Provider value={{ current: items.at(-1)?.ID, setCurrent: () => undefined }}>
      {items.map((item) => (
        <div key={item.ID} data-testid={`row-${item.ID}`}>
          <QuoteLine item={item} />
          <MessageMenu item={item}>
            <p>{(item.payload as { text: string }).text}</p>
          </MessageMenu>
          <EditedMark item={item} />
        </div>
      ))}
      <MessageInput conversationID={CONV} />
    </RovingContext.Provider>
  );
}

async function open(list: ChatMessage[], language: 'en' | 'zh' = 'en') {
  const chat = new EditingChat();
  chat.history.set(CONV, list);
  chat.conversations = [conversation(CONV)];
  const view = await renderKit(chat, (kit) => <Chat kit={kit} />, { language });
  cleanups.push(view.unmount);
  await view.act(() => view.kit.open(CONV));
  return { chat, view };
}

const menuOf = async (ID: string) => {
  const trigger = document.querySelector(`[data-testid="row-${ID}"] [data-testid="message-menu-trigger"]`);
  await act(async () => {
    trigger?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  // The menu, once it is there: a missing menu is a failure of its own, never an item "not shown".
  return vi.waitFor(
    () => {
      const menu = byTestId('message-menu')[0];
      if (!menu) throw new Error(`no menu opened for ${ID}`);
      return menu;
    },
    { timeout: 20_000 },
  );
};
const closeMenu = async () => {
  await act(() => {
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  await vi.waitFor(
    () => {
      if (byTestId('message-menu').length > 0) throw new Error('the menu is still open');
    },
    { timeout: 20_000 },
  );
};
const input = () => byTestId('message-input')[0] as HTMLTextAreaElement;
const key = (k: string) =>
  act(() => {
    input().dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });

describe('edited messages in the kit (decision 0046)', () => {
  it("EDIT12 'Edit' for my own texts within the window only; the server's window applies once it is known", async () => {
    for (const language of ['en', 'zh'] as const) {
      const { chat, view } = await open(
        [incoming(CONV, 'theirs', 'hi', 1), outgoing('mine', 'hello', 60), outgoing('old', 'ages ago', 90_000)],
        language,
      );
      const edit = language === 'en' ? 'Edit' : '编辑';
      expect((await menuOf('mine')).querySelector('[data-testid="action-edit"]')?.textContent).toBe(edit);
      await closeMenu();
      expect((await menuOf('theirs')).querySelector('[data-testid="action-edit"]')).toBeNull();
      await closeMenu();
      expect((await menuOf('old')).querySelector('[data-testid="action-edit"]')).toBeNull();
      await closeMenu();
      // The operator's window is 30 s: a minute-old text is no longer editable.
      await view.act(() => chat.emit(EVENT.SERVER_CONFIG_UPDATED, { config: { editWindowSeconds: 30 } }));
      expect((await menuOf('mine')).querySelector('[data-testid="action-edit"]')).toBeNull();
      await closeMenu();
      for (const fn of cleanups.splice(0)) fn();
    }
  });

  it('EDIT13 Edit puts the text in the input under an editing bar; Escape gives back what was typed; Enter saves', async () => {
    for (const language of ['en', 'zh'] as const) {
      const { chat, view } = await open([outgoing('mine', 'hello', 60)], language);
      await act(async () => {
        const el = input();
        const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
        setter?.call(el, 'half typed');
        el.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await menuOf('mine');
      await act(async () => (byTestId('action-edit')[0] as HTMLElement).click());
      const bar = byTestId('editing-bar')[0];
      expect(bar?.textContent).toContain(language === 'en' ? 'Editing message' : '编辑消息');
      expect(bar?.textContent).toContain('hello');
      expect(byTestId('editing-cancel')[0]?.getAttribute('aria-label')).toBe(
        language === 'en' ? 'Cancel editing' : '取消编辑',
      );
      expect(input().value).toBe('hello');
      await key('Escape');
      expect(byTestId('editing-bar')).toEqual([]);
      expect(input().value).toBe('half typed');
      expect(chat.calls.filter((c) => c.startsWith('modify'))).toEqual([]);

      await menuOf('mine');
      await act(async () => (byTestId('action-edit')[0] as HTMLElement).click());
      await act(async () => {
        const el = input();
        const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
        setter?.call(el, 'hello again');
        el.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await key('Enter');
      await view.act();
      expect(chat.calls.filter((c) => c.startsWith('modify'))).toEqual(['modify mine hello again']);
      expect(chat.calls.filter((c) => c.startsWith('send'))).toEqual([]);
      expect(byTestId('editing-bar')).toEqual([]);
      expect(input().value).toBe('half typed');
      for (const fn of cleanups.splice(0)) fn();
    }
  });

  it("EDIT14 'Edited' on edited messages: plain text on the peer's, on mine a button that lists the earlier versions", async () => {
    for (const language of ['en', 'zh'] as const) {
      const { chat, view } = await open(
        [
          { ...incoming(CONV, 'theirs', 'fixed typo', 1), editTime: now() },
          incoming(CONV, 'plain', 'never edited', 2),
          outgoing('mine', 'second words', 60, { editTime: now() }),
        ],
        language,
      );
      const edited = language === 'en' ? 'Edited' : '已编辑';
      const markOf = (ID: string) => document.querySelector(`[data-testid="row-${ID}"] [data-testid="edited-mark"]`);
      expect(markOf('plain')).toBeNull();
      expect(markOf('theirs')?.tagName).toBe('SPAN');
      expect(markOf('theirs')?.textContent).toBe(edited);
      const mine = markOf('mine') as HTMLButtonElement;
      expect(mine.tagName).toBe('BUTTON');
      expect(mine.textContent).toBe(edited);
      expect(mine.getAttribute('aria-label')).toBe(
        language === 'en' ? 'Edited, show earlier versions' : '已编辑，查看历史版本',
      );
      await view.act(() => {
        mine.focus();
        mine.click();
      });
      const dialog = byTestId('edit-versions-dialog')[0];
      expect(dialog?.getAttribute('role')).toBe('dialog');
      expect(dialog?.textContent).toContain(language === 'en' ? 'Edit history' : '编辑历史');
      expect(byTestId('edit-version').map((v) => v.textContent)).toEqual([expect.stringContaining('first words')]);
      expect(byTestId('edit-version-current')[0]?.textContent).toContain('second words');
      expect(chat.calls).toContain('history mine');
      await view.act(() => (byTestId('edit-versions-close')[0] as HTMLElement).click());
      expect(byTestId('edit-versions-dialog')).toEqual([]);
      expect(document.activeElement).toBe(mine);
      for (const fn of cleanups.splice(0)) fn();
    }
  });

  it("EDIT15 a quote of an edited message shows the original's current text while it is loaded", async () => {
    const quote = JSON.stringify({
      messageReply: { messageAbstract: 'old words', messageSender: 'peer', messageID: 'orig', version: 1 },
    });
    const { chat, view } = await open([
      incoming(CONV, 'orig', 'old words', 1),
      outgoing('q', 'I agree', 60, { cloudCustomData: quote }),
    ]);
    const line = () => byTestId('quote')[0]?.textContent;
    expect(line()).toBe('peer: old words');
    const original = chat.history.get(CONV)?.[0] as ChatMessage;
    await view.act(() =>
      chat.emit(EVENT.MESSAGE_MODIFIED, [{ ...original, payload: { text: 'new words' }, editTime: now() }]),
    );
    expect(line()).toBe('peer: new words');
  });
});
