// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConversationList } from '../src/conversation-list/conversation-list.tsx';
import { NewChatMenu } from '../src/new-chat/new-chat-menu.tsx';
import { type ChatConversation, EVENT, TYPES } from '../src/provider/chat-port.ts';
import { conversation, FakeChat } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const FOLD = TYPES.CONV_MARK_TYPE_FOLD;
const HIDE = TYPES.CONV_MARK_TYPE_HIDE;

/** An SDK double with conversation groups and marks (decisions 0043, 0049); records what it is asked. */
class GroupsChat extends FakeChat {
  groups = ['Candidates', 'Colleagues'];
  refusal: { code: number; message: string } | null = null;
  async getConversationGroupList() {
    return { code: 0, data: [...this.groups] };
  }
  async createConversationGroup(o: { groupName: string; conversationIDList: string[] }) {
    this.calls.push(`create ${o.groupName} [${o.conversationIDList.join(',')}]`);
    if (this.refusal) throw this.refusal;
    this.groups = [...this.groups, o.groupName];
    this.emit(EVENT.CONVERSATION_GROUP_LIST_UPDATED, [...this.groups]);
    return { code: 0, data: {} };
  }
  async renameConversationGroup(o: { oldName: string; newName: string }) {
    this.calls.push(`rename ${o.oldName} ${o.newName}`);
    return { code: 0, data: {} };
  }
  async deleteConversationGroup(name: string) {
    this.calls.push(`delete-group ${name}`);
    return { code: 0, data: {} };
  }
  async addConversationsToGroup(o: { groupName: string; conversationIDList: string[] }) {
    this.calls.push(`add ${o.groupName} ${o.conversationIDList.join(',')}`);
    return { code: 0, data: {} };
  }
  async deleteConversationsFromGroup(o: { groupName: string; conversationIDList: string[] }) {
    this.calls.push(`remove ${o.groupName} ${o.conversationIDList.join(',')}`);
    return { code: 0, data: {} };
  }
  async markConversation(o: { conversationIDList: string[]; markType: number; enableMark: boolean }) {
    this.calls.push(`mark ${o.conversationIDList.join(',')} ${o.markType} ${o.enableMark}`);
    return { code: 0, data: {} };
  }
}

beforeAll(async () => {
  // The dialogs load at first use (PERF4); loaded once here, each test's lazy import resolves at once.
  await import('../src/conversation-groups/group-dialogs.tsx');
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

const shownIDs = () => byTestId('conversation-row').map((r) => r.dataset.conversationId);
const tabs = () => byTestId('group-tab');

async function render(list: ChatConversation[], language: 'en' | 'zh' = 'en') {
  const chat = new GroupsChat();
  chat.conversations = list;
  const view = await renderKit(chat, () => <ConversationList />, { language });
  cleanups.push(view.unmount);
  await view.act();
  return { chat, view };
}

async function rowMenu(id: string) {
  await act(async () => {
    byTestId('conversation-row')
      .find((r) => r.dataset.conversationId === id)
      ?.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 50, clientY: 50 }));
  });
  const menu = byTestId('conversation-menu')[0];
  if (!menu) throw new Error('no conversation menu');
  return menu;
}

const key = (el: Element | null | undefined, k: string) =>
  act(async () => {
    el?.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });

const LIST = () => [
  conversation('C2Cann', { conversationGroupList: ['Candidates'] }),
  conversation('C2Cbob', { conversationGroupList: ['Candidates', 'Colleagues'] }),
  conversation('C2Ccat'),
];

describe('conversation groups in the kit (decision 0049)', () => {
  it.each([
    ['en', 'All'],
    ['zh', '全部'],
  ] as const)(
    'CGRP16 tabs: All and my groups; a tab shows its conversations; arrows move (%s)',
    async (language, all) => {
      await render(LIST(), language);
      expect(tabs().map((t) => t.textContent)).toEqual([all, 'Candidates', 'Colleagues']);
      expect(byTestId('group-tabs')[0]?.getAttribute('role')).toBe('tablist');
      expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1]);
      expect(shownIDs()).toEqual(['C2Cann', 'C2Cbob', 'C2Ccat']);
      await act(async () => tabs()[2]?.click());
      expect(shownIDs()).toEqual(['C2Cbob']);
      expect(tabs()[2]?.getAttribute('aria-selected')).toBe('true');
      await key(tabs()[2], 'ArrowLeft');
      expect(shownIDs()).toEqual(['C2Cann', 'C2Cbob']);
      expect(document.activeElement).toBe(tabs()[1]);
      await key(tabs()[1], 'Home');
      expect(shownIDs()).toHaveLength(3);
    },
  );

  it.each([
    ['en', 'New conversation group…'],
    ['zh', '新建会话分组…'],
  ] as const)(
    'CGRP16 CGRP18 no tabs before the first group; the + menu makes it and its tab shows (%s)',
    async (language, item) => {
      const chat = new GroupsChat();
      chat.groups = [];
      chat.conversations = LIST();
      const view = await renderKit(
        chat,
        () => (
          <>
            <NewChatMenu />
            <ConversationList />
          </>
        ),
        { language },
      );
      cleanups.push(view.unmount);
      await view.act();
      expect(byTestId('group-tabs')).toEqual([]);
      const plus = document.querySelector('.pc-list__add') as HTMLElement;
      await act(async () => plus.focus());
      await key(plus, 'Enter');
      const entry = byTestId('menu-new-conv-group')[0] as HTMLElement;
      expect(entry.textContent).toBe(item);
      await act(async () => entry.click());
      // The dialog's code loads at first use (PERF4): wait for it, as a user would.
      for (let i = 0; i < 100 && byTestId('conv-group-name-input').length === 0; i++) await view.act();
      const input = byTestId('conv-group-name-input')[0] as HTMLInputElement;
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '候选人');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await act(async () => byTestId('conv-group-name-save')[0]?.click());
      await view.act();
      expect(chat.calls).toContain('create 候选人 []');
      expect(tabs().map((t) => t.dataset.group)).toEqual(['', '候选人']);
      expect(tabs()[1]?.getAttribute('aria-selected')).toBe('true');
    },
  );

  it('CGRP16 a group deleted on another device takes its tab away and the list back to All', async () => {
    const { chat, view } = await render(LIST());
    await act(async () => tabs()[1]?.click());
    expect(shownIDs()).toEqual(['C2Cann', 'C2Cbob']);
    await view.act(() => chat.emit(EVENT.CONVERSATION_GROUP_LIST_UPDATED, ['Colleagues']));
    expect(tabs().map((t) => t.dataset.group)).toEqual(['', 'Colleagues']);
    expect(shownIDs()).toHaveLength(3);
  });

  it('CGRP17 the row menu checks the groups holding a conversation; choosing one puts it in or takes it out', async () => {
    const { chat } = await render(LIST());
    const menu = await rowMenu('C2Cann');
    const trigger = menu.querySelector('[data-testid="group-submenu"]') as HTMLElement;
    expect(trigger.textContent).toContain('Add to group');
    await key(trigger, 'ArrowRight');
    const checks = byTestId('group-check');
    expect(checks.map((c) => [c.dataset.group, c.getAttribute('aria-checked')])).toEqual([
      ['Candidates', 'true'],
      ['Colleagues', 'false'],
    ]);
    await act(async () => checks[1]?.click());
    expect(chat.calls).toContain('add Colleagues C2Cann');
    const again = await rowMenu('C2Cann');
    await key(again.querySelector('[data-testid="group-submenu"]'), 'ArrowRight');
    await act(async () => byTestId('group-check')[0]?.click());
    expect(chat.calls).toContain('remove Candidates C2Cann');
  });

  it.each([
    ['en', 'Enter a group name', 'A group name is at most 32 bytes (about 10 Chinese characters)'],
    ['zh', '请输入分组名称', '分组名称最多 32 字节（约 10 个汉字）'],
  ] as const)(
    'CGRP18 a new group from a row takes that conversation; names are checked first (%s)',
    async (language, required, tooLong) => {
      const { chat, view } = await render(LIST(), language);
      const menu = await rowMenu('C2Ccat');
      await key(menu.querySelector('[data-testid="group-submenu"]'), 'ArrowRight');
      await act(async () => byTestId('group-new-with')[0]?.click());
      for (let i = 0; i < 100 && byTestId('conv-group-name-input').length === 0; i++) await view.act();
      const input = () => byTestId('conv-group-name-input')[0] as HTMLInputElement;
      const save = () => act(async () => byTestId('conv-group-name-save')[0]?.click());
      const type = (value: string) =>
        act(async () => {
          const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
          set?.call(input(), value);
          input().dispatchEvent(new Event('input', { bubbles: true }));
        });
      await save();
      expect(byTestId('conv-group-name-dialog')[0]?.textContent).toContain(required);
      await type('字'.repeat(11));
      await save();
      expect(byTestId('conv-group-name-dialog')[0]?.textContent).toContain(tooLong);
      await type('Candidates');
      await save();
      expect(chat.calls.filter((c) => c.startsWith('create'))).toEqual([]);
      await type('Hired');
      await save();
      await view.act();
      expect(chat.calls).toContain('create Hired [C2Ccat]');
      expect(byTestId('conv-group-name-dialog')).toEqual([]);
      expect(tabs().map((t) => t.dataset.group)).toEqual(['', 'Candidates', 'Colleagues', 'Hired']);
      expect(tabs()[3]?.getAttribute('aria-selected')).toBe('true');
    },
  );

  it('CGRP18 CGRP19 the options rename and delete the selected group; a refusal is a toast', async () => {
    const { chat, view } = await render(LIST());
    await act(async () => tabs()[1]?.click());
    const options = async () => {
      await act(async () => byTestId('group-options')[0]?.focus());
      await key(byTestId('group-options')[0], 'Enter');
    };
    await options();
    await act(async () => byTestId('group-rename')[0]?.click());
    for (let i = 0; i < 100 && byTestId('conv-group-name-input').length === 0; i++) await view.act();
    const input = byTestId('conv-group-name-input')[0] as HTMLInputElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'Shortlist');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => byTestId('conv-group-name-save')[0]?.click());
    await view.act();
    expect(chat.calls).toContain('rename Candidates Shortlist');
    expect(tabs()[1]?.textContent).toBe('Shortlist');

    await options();
    await act(async () => byTestId('group-delete')[0]?.click());
    for (let i = 0; i < 100 && byTestId('group-delete-dialog').length === 0; i++) await view.act();
    expect(byTestId('group-delete-dialog')[0]?.textContent).toContain('Delete group “Shortlist”?');
    await act(async () => byTestId('group-delete-confirm')[0]?.click());
    expect(chat.calls).toContain('delete-group Shortlist');

    chat.refusal = { code: 51010, message: 'too many' };
    await view.act(() => view.kit.createGroup('More'));
    expect(view.kit.toasts.getSnapshot().map((toast) => toast.text)).toEqual([
      'You can have at most 20 conversation groups',
    ]);
  });
});

describe('folded and hidden conversations in the kit (MARK14–MARK17)', () => {
  it.each([
    ['en', 'Folded chats', '2 chats'],
    ['zh', '折叠的聊天', '2 个会话'],
  ] as const)(
    'MARK16 folded ones are behind one row at the top; Enter lists them under it (%s)',
    async (language, label, count) => {
      await render(
        [
          conversation('C2Cann', { markList: [FOLD], unreadCount: 2 }),
          conversation('C2Cbob'),
          conversation('C2Ccat', { markList: [FOLD], unreadCount: 1 }),
        ],
        language,
      );
      const folder = () => byTestId('folded-row')[0] as HTMLElement;
      expect(folder().textContent).toContain(label);
      expect(folder().textContent).toContain(count);
      expect(byTestId('folded-unread')[0]?.textContent).toBe('3');
      expect(folder().dataset.expanded).toBe('false');
      expect(shownIDs()).toEqual(['C2Cbob']);
      await key(folder(), 'Enter');
      expect(folder().dataset.expanded).toBe('true');
      expect(shownIDs()).toEqual(['C2Cann', 'C2Ccat', 'C2Cbob']);
      expect(byTestId('conversation-row')[0]?.dataset.folded).toBe('true');
      await act(async () => folder().click());
      expect(shownIDs()).toEqual(['C2Cbob']);
    },
  );

  it('MARK15 a hidden conversation is not listed until a message arrives; then its mark comes off', async () => {
    const { chat, view } = await render([conversation('C2Cann', { markList: [HIDE] }), conversation('C2Cbob')]);
    expect(shownIDs()).toEqual(['C2Cbob']);
    expect(chat.calls.filter((c) => c.startsWith('mark'))).toEqual([]);
    await view.act(() =>
      chat.emit(EVENT.CONVERSATION_LIST_UPDATED, [
        conversation('C2Cann', { markList: [HIDE], unreadCount: 1 }),
        conversation('C2Cbob'),
      ]),
    );
    expect(shownIDs()).toEqual(['C2Cann', 'C2Cbob']);
    expect(chat.calls.filter((c) => c.startsWith('mark'))).toEqual([`mark C2Cann ${HIDE} false`]);
  });

  it.each([
    ['en', 'Fold', 'Unfold', 'Hide chat'],
    ['zh', '折叠', '取消折叠', '隐藏会话'],
  ] as const)('MARK17 the row menu folds, unfolds and hides (%s)', async (language, fold, unfold, hide) => {
    const { chat } = await render([conversation('C2Cann'), conversation('C2Cbob', { markList: [FOLD] })], language);
    let menu = await rowMenu('C2Cann');
    expect(menu.querySelector('[data-testid="mark-fold"]')?.textContent).toBe(fold);
    expect(menu.querySelector('[data-testid="mark-hide"]')?.textContent).toBe(hide);
    await act(async () => (menu.querySelector('[data-testid="mark-hide"]') as HTMLElement).click());
    expect(chat.calls).toContain(`mark C2Cann ${HIDE} true`);
    await act(async () => byTestId('folded-row')[0]?.click());
    menu = await rowMenu('C2Cbob');
    expect(menu.querySelector('[data-testid="mark-fold"]')?.textContent).toBe(unfold);
    await act(async () => (menu.querySelector('[data-testid="mark-fold"]') as HTMLElement).click());
    expect(chat.calls).toContain(`mark C2Cbob ${FOLD} false`);
  });
});
