// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { NameStore } from '../src/names/name-store.ts';
import { MyData } from '../src/personal-data/my-data.tsx';
import { FakeChat } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

/** The fake SDK with the personal-data methods (decision 0051): links and deletions are recorded. */
class DataChat extends FakeChat {
  links = 0;
  deleted: string[] = [];
  password = 'right';
  async getMyDataExportLink() {
    this.links += 1;
    if (this.links > 1) throw Object.assign(new Error('Too many requests'), { code: 60007 });
    return { code: 0, data: { url: 'http://chat.test/api/v1/account/export/tok', expiresAt: 1 } };
  }
  async deleteMyAccount({ password }: { password: string }) {
    if (password !== this.password) throw Object.assign(new Error('Wrong account or password'), { code: 70060 });
    this.deleted.push(password);
    return { code: 0, data: {} };
  }
}

async function open(language: 'en' | 'zh', chat: FakeChat = new DataChat()) {
  const view = await renderKit(chat as never, () => <MyData />, { language });
  cleanups.push(view.unmount);
  return { view, chat };
}

const click = (el: HTMLElement | undefined) => el?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('your data on the Me tab (decision 0051)', () => {
  it('PDAT20 the download asks the SDK for a link once and offers it as a plain download link, in both languages', async () => {
    for (const [language, exportText, saveText] of [
      ['en', 'Download my data', 'Save the archive'],
      ['zh', '下载我的数据', '保存数据归档'],
    ] as const) {
      const { view, chat } = await open(language);
      const button = byTestId('my-data-export')[0];
      expect(button?.textContent).toBe(exportText);
      await view.act(() => click(button));
      const link = byTestId('my-data-download')[0] as HTMLAnchorElement | undefined;
      expect(link?.href).toBe('http://chat.test/api/v1/account/export/tok');
      expect(link?.hasAttribute('download')).toBe(true);
      expect(link?.textContent).toBe(saveText);
      expect((chat as DataChat).links).toBe(1);
      for (const fn of cleanups.splice(0)) fn();
    }
  });

  it('PDAT21 deleting asks for the password; a wrong one is said in the dialog and nothing is deleted; the right one deletes', async () => {
    const { view, chat } = await open('zh');
    await view.act(() => click(byTestId('my-data-delete')[0]));
    const dialog = byTestId('delete-account-dialog')[0];
    expect(dialog?.textContent).toContain('已注销用户');
    const confirm = byTestId('delete-account-confirm')[0] as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const field = byTestId('delete-account-password')[0] as HTMLInputElement;
    await view.act(() => type(field, 'wrong'));
    await view.act(() => click(confirm));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('密码错误');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((chat as DataChat).deleted).toEqual([]);
    await view.act(() => type(field, 'right'));
    await view.act(() => click(confirm));
    expect((chat as DataChat).deleted).toEqual(['right']);
    expect(byTestId('delete-account-dialog')).toEqual([]);
  });

  it('PDAT20 an SDK without the methods shows no section', async () => {
    await open('en', new FakeChat());
    expect(byTestId('my-data')).toEqual([]);
  });

  it('PDAT22 a deleted account is named "Deleted user" / "已注销用户" everywhere, over any name card', async () => {
    const port = {
      getUserProfile: async ({ userIDList }: { userIDList: string[] }) => ({
        data: userIDList.map((userID) => ({ userID, nick: '', role: userID === 'zoe' ? -1 : 0 })),
      }),
    };
    for (const words of ['Deleted user', '已注销用户']) {
      const names = new NameStore(port, () => words);
      names.learn([{ userID: 'zoe', nick: 'Zoe', nameCard: 'HR Zoe' }], 'g1');
      expect(names.nameOf('g1')('zoe')).toBe('HR Zoe');
      await names.ensure(['zoe', 'amy']);
      names.nick('zoe');
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Known already: ask again as a page would after the account was deleted.
      names.learn((await port.getUserProfile({ userIDList: ['zoe'] })).data);
      expect(names.nameOf('g1')('zoe')).toBe(words);
      expect(names.nameOf()('zoe')).toBe(words);
      expect(names.nameOf()('amy')).toBe('amy');
    }
  });
});
