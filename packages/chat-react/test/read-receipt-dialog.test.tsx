// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ValueStore } from '../src/contacts/value-store.ts';
import { ReadReceiptDialog } from '../src/group/read-receipt-dialog.tsx';
import { useStore } from '../src/hooks/use-store.ts';
import { conversation } from './fake-chat.ts';
import { FakeGroupChat, groupMessage } from './fake-group-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const CONV = 'GROUPg1';
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

async function openDialog(language: 'en' | 'zh') {
  const chat = new FakeGroupChat();
  chat.readUserIDs = ['r1', 'r2', 'r3'];
  chat.unreadUserIDs = ['u1', 'u2'];
  chat.history.set(CONV, [groupMessage('out1', { flow: 'out', from: 'me', needReadReceipt: true })]);
  chat.getMessageReadReceiptList = async (list) => ({
    code: 0,
    data: { messageList: list.map((m) => ({ ...m, readReceiptInfo: { readCount: 3, unreadCount: 2 } })) },
  });
  chat.conversations = [conversation(CONV, { type: 'GROUP' })];
  // As in the chat window: the dialog opens on a message of the loaded conversation.
  const shown = new ValueStore(false);
  const Dialog = () => (useStore(shown) ? <ReadReceiptDialog messageID="out1" onClose={() => undefined} /> : null);
  const view = await renderKit(chat, () => <Dialog />, { language });
  cleanups.push(view.unmount);
  await view.act(() => view.kit.open(CONV));
  await view.act(() => shown.put(true));
  await view.act();
  return view;
}

const tabs = () => byTestId('read-receipt-dialog')[0]?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [];

describe('the read-receipt dialog (UI29)', () => {
  it('UI29 its tabs are a tab list with each tab’s count, in both languages; arrows switch them', async () => {
    for (const [language, read, unread] of [
      ['zh', '已读 (3)', '未读 (2)'],
      ['en', 'Read (3)', 'Unread (2)'],
    ] as const) {
      await openDialog(language);
      const list = byTestId('read-receipt-dialog')[0]?.querySelector('[role="tablist"]');
      expect(list).not.toBeNull();
      expect([...tabs()].map((tab) => tab.textContent)).toEqual([read, unread]);
      const panel = byTestId('read-receipt-dialog')[0]?.querySelector('[role="tabpanel"]');
      expect(panel?.getAttribute('aria-labelledby')).toBe(tabs()[0]?.id);
      act(() => {
        tabs()[0]?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      });
      expect(tabs()[1]?.getAttribute('aria-selected')).toBe('true');
      for (const fn of cleanups.splice(0)) fn();
    }
  });

  it('UI29 each member is listed with an avatar beside the name', async () => {
    await openDialog('en');
    const users = byTestId('receipt-user');
    expect(users.map((u) => u.textContent)).toEqual(['r1', 'r2', 'r3']);
    for (const user of users) expect(user.querySelector('.pc-avatar, img, svg')).not.toBeNull();
  });
});
