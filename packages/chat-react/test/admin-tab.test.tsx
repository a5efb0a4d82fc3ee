// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { AdminTab } from '../src/group/panel/admin-tab.tsx';
import { conversation } from './fake-chat.ts';
import { FakeGroupChat } from './fake-group-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const CONV = 'GROUPg1';
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

/** The admin tab as the group's owner sees it, with the given members besides the owner. */
async function openTab(language: 'en' | 'zh', others: FakeGroupChat['members']) {
  const chat = new FakeGroupChat();
  chat.members = [{ userID: 'me', nick: 'Me', role: 'Owner' }, ...others];
  chat.conversations = [conversation(CONV, { type: 'GROUP' })];
  const view = await renderKit(chat, () => <AdminTab onMember={() => undefined} />, { language });
  cleanups.push(view.unmount);
  await view.act(() => view.kit.open(CONV));
  await view.act();
  return view;
}

const section = (name: string) => document.querySelector(`section[aria-label="${name}"]`);

describe('the group admin tab (UI31)', () => {
  it('UI31 with no admins the Admins heading says so and how to add one, in both languages; with one it lists them', async () => {
    for (const [language, heading, empty] of [
      ['en', 'Admins', 'No admins yet: choose a member in Members and set them as admin'],
      ['zh', '管理员', '暂无管理员：可在“群成员”中选择成员设为管理员'],
    ] as const) {
      await openTab(language, [{ userID: 'ann', nick: 'Ann', role: 'Member' }]);
      expect(section(heading)?.querySelector('h3')?.textContent).toBe(heading);
      expect(byTestId('no-admins').map((p) => p.textContent)).toEqual([empty]);
      for (const fn of cleanups.splice(0)) fn();
    }
    await openTab('en', [{ userID: 'ann', nick: 'Ann', role: 'Admin' }]);
    expect(byTestId('no-admins')).toEqual([]);
    expect(section('Admins')?.textContent).toContain('Ann');
  });
});
