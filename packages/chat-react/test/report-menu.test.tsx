// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MessageMenu } from '../src/actions/menu/message-menu.tsx';
import { useStore } from '../src/hooks/use-store.ts';
import { RovingContext } from '../src/message-list/roving.ts';
import type { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { Toaster } from '../src/toast/toaster.tsx';
import { conversation } from './fake-chat.ts';
import { FakeGroupChat, groupMessage } from './fake-group-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const CONV = 'GROUPg1';

/** A group SDK double with the message actions and `reportMessage` (decision 0055). */
class ReportChat extends FakeGroupChat {
  reports: { ID: string; reason: string; note?: string }[] = [];
  refusal: { code: number; message: string } | null = null;
  withReport = true;
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
class ReportingChat extends ReportChat {
  async reportMessage(message: ChatMessage, options: { reason: string; note?: string }) {
    if (this.refusal) throw this.refusal;
    this.reports.push({ ID: message.ID, ...options });
    return { code: 0, data: { reportID: 1, status: 'open' } };
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
      <Toaster />
    </RovingContext.Provider>
  );
}

async function open(chat: ReportChat, language: 'en' | 'zh' = 'en') {
  chat.history.set(CONV, [
    groupMessage('m1', { payload: { text: 'spam spam' }, sequence: 1 }),
    groupMessage('m2', { payload: { text: 'mine' }, sequence: 2, from: 'me', flow: 'out' }),
  ]);
  chat.conversations = [conversation(CONV, { type: 'GROUP' })];
  const view = await renderKit(chat, (kit) => <Messages kit={kit} />, { language });
  cleanups.push(view.unmount);
  await view.act(() => view.kit.open(CONV));
  await view.act();
  return view;
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

const pressEscape = () =>
  act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));

describe('Report in the message menu (RPT15, RPT16)', () => {
  it.each([
    ['en', 'Report', 'Abuse or harassment', 'Reported. Thank you for telling us'],
    ['zh', '举报', '辱骂骚扰', '已举报，感谢你的反馈'],
  ] as const)(
    'RPT15 RPT16 a message of another is reported with a reason and a note (%s)',
    async (language, item, reason, toast) => {
      const chat = new ReportingChat();
      await open(chat, language);
      const menu = await menuOf(0);
      const report = menu.querySelector<HTMLElement>('[data-testid="action-report"]');
      expect(report?.textContent).toBe(item);
      await act(async () => report?.click());
      const dialog = byTestId('report-dialog')[0];
      if (!dialog) throw new Error('no report dialog');
      const submit = dialog.querySelector<HTMLButtonElement>('[data-testid="report-submit"]');
      expect(submit?.disabled).toBe(true);
      const abuse = dialog.querySelector<HTMLInputElement>('[data-testid="report-reason-abuse"]');
      expect(abuse?.closest('label')?.textContent).toBe(reason);
      await act(async () => abuse?.click());
      const note = dialog.querySelector<HTMLTextAreaElement>('[data-testid="report-note"]');
      expect(note?.maxLength).toBe(200);
      await act(async () => {
        if (!note) return;
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(note, ' shouting ');
        note.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await act(async () => submit?.click());
      expect(chat.reports).toEqual([{ ID: 'm1', reason: 'abuse', note: 'shouting' }]);
      expect(byTestId('report-dialog')).toHaveLength(0);
      expect(document.body.textContent).toContain(toast);
    },
  );

  it('RPT15 no Report for my own message, nor with an SDK that cannot report', async () => {
    await open(new ReportingChat());
    const mine = await menuOf(1);
    expect(mine.querySelector('[data-testid="action-delete"]')).not.toBeNull();
    expect(mine.querySelector('[data-testid="action-report"]')).toBeNull();
    await pressEscape();
    for (const fn of cleanups.splice(0)) fn();
    await open(new ReportChat());
    const theirs = await menuOf(0);
    expect(theirs.querySelector('[data-testid="action-delete"]')).not.toBeNull();
    expect(theirs.querySelector('[data-testid="action-report"]')).toBeNull();
  });

  it('RPT16 a refusal keeps the dialog open and shows the error', async () => {
    const chat = new ReportingChat();
    chat.refusal = { code: 20026, message: 'The message does not exist' };
    await open(chat);
    const menu = await menuOf(0);
    await act(async () => menu.querySelector<HTMLElement>('[data-testid="action-report"]')?.click());
    await act(async () => byTestId('report-reason-spam')[0]?.click());
    await act(async () => byTestId('report-submit')[0]?.click());
    expect(byTestId('report-dialog')).toHaveLength(1);
    expect(chat.reports).toEqual([]);
    expect(document.querySelector('[role="alert"]')).not.toBeNull();
  });
});

describe('a report outcome in the system notification view (RPT18)', () => {
  it('RPT18 a text notice from the server is kept with its report outcome; group notices are unchanged', async () => {
    const chat = new ReportChat();
    const system = { conversationID: '@TIM#SYSTEM', conversationType: '@TIM#SYSTEM', from: '@TIM#SYSTEM' };
    chat.history.set('@TIM#SYSTEM', [
      groupMessage('t1', {
        ...system,
        payload: { text: '你举报的消息已被管理员移除。\nThe message you reported was removed by a moderator.' },
        cloudCustomData: JSON.stringify({ parleyReport: { reportID: 7, outcome: 'removed' } }),
      }),
      groupMessage('t2', { ...system, payload: { text: 'plain words' }, sequence: 2 }),
    ]);
    const view = await renderKit(chat, () => null);
    cleanups.push(view.unmount);
    await view.act(() => view.kit.system.open());
    await view.act();
    const notices = view.kit.system.getSnapshot().notices;
    expect(notices.find((n) => n.ID === 't1')?.text?.reportOutcome).toBe('removed');
    expect(notices.find((n) => n.ID === 't2')?.text).toEqual({ text: 'plain words', reportOutcome: '' });
    expect(view.kit.t('reports.outcomes.removed')).toBe('The message you reported was removed by a moderator.');
  });
});
