// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MessageInput } from '../src/message-input/message-input.tsx';
import { conversation, FakeChat } from './fake-chat.ts';
import { renderKit } from './render-kit.tsx';

const CONV = 'C2Cpeer';

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
  document.body.innerHTML = '';
});

/** Renders the input of a conversation while `focused` (appended to the page first) holds the focus. */
async function openWithFocusOn(focused: HTMLElement | null) {
  if (focused) {
    document.body.append(focused);
    (focused.matches('[tabindex], button, input')
      ? focused
      : (focused.querySelector('[tabindex], button, input') as HTMLElement)
    ).focus();
  }
  const chat = new FakeChat();
  chat.conversations = [conversation(CONV)];
  const view = await renderKit(chat, () => <MessageInput conversationID={CONV} />);
  cleanups.push(view.unmount);
  return document.querySelector('textarea');
}

const element = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder.firstElementChild as HTMLElement;
};

describe('the input of a conversation that opens (UI39)', () => {
  it('UI39 takes the focus from nowhere in particular or from a clicked row or tab', async () => {
    expect(document.activeElement).toBe(document.body);
    const area = await openWithFocusOn(null);
    expect(document.activeElement).toBe(area);
    for (const fn of cleanups.splice(0)) fn();
    const tab = element('<button type="button">Chats</button>');
    const next = await openWithFocusOn(tab);
    expect(document.activeElement).toBe(next);
  });

  it('UI39 takes the focus from a dialog button (the dialog that opened the conversation is closing)', async () => {
    const dialog = element('<div role="dialog"><button type="button">Start chat</button></div>');
    const area = await openWithFocusOn(dialog);
    expect(document.activeElement).toBe(area);
  });

  it('UI39 leaves the focus in an open menu or another field, so a late chat window does not close them', async () => {
    const menu = element('<div role="menu"><div role="menuitem" tabindex="-1">New group</div></div>');
    await openWithFocusOn(menu);
    expect(document.activeElement?.textContent).toBe('New group');
    for (const fn of cleanups.splice(0)) fn();
    document.body.innerHTML = '';
    const field = element('<input aria-label="search" />');
    await openWithFocusOn(field);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('search');
  });
});
