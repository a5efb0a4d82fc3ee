// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { Deed } from '../src/core/deeds.ts';
import { DemoPanel } from '../src/demo/demo-panel.tsx';
import { FakeChat } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const ORDER: Deed[] = ['send', 'revoke', 'mute', 'dismiss', 'call', 'nickname'];

/** FakeChat with the SDK's demo methods (decision 0054) over a server-side list it keeps. */
class DemoChat extends FakeChat {
  enabled = true;
  done = new Map<string, number>();
  readonly log: string[] = [];
  failCommit = false;
  relation = 'CheckResult_Type_BothWay';
  answer() {
    return {
      code: 0,
      data: {
        enabled: this.enabled,
        tasks: this.enabled ? ORDER.map((task) => ({ task, counter: 0, doneAt: this.done.get(task) ?? 0 })) : [],
      },
    };
  }
  async getDemoTasks() {
    this.log.push('get');
    return this.answer();
  }
  async commitDemoTask(task: Deed) {
    this.log.push(`commit ${task}`);
    if (this.failCommit) throw Object.assign(new Error('offline'), { code: 2800 });
    this.done.set(task, 1);
    return this.answer();
  }
  async checkFriend(o: { userIDList: string[]; type?: string }) {
    this.log.push(`check ${o.userIDList.join(',')} ${o.type}`);
    return {
      code: 0,
      data: { successUserIDList: [{ userID: o.userIDList[0] ?? '', code: 0, relation: this.relation }] },
    };
  }
}

let mounted: { unmount: () => void } | null = null;
afterEach(() => {
  mounted?.unmount();
  mounted = null;
});

async function setup(chat = new DemoChat(), language: 'en' | 'zh' = 'en') {
  const r = await renderKit(chat, () => <DemoPanel />, { language });
  mounted = r;
  await r.act();
  return { ...r, chat };
}

const text = (id: string) => byTestId(id)[0]?.textContent ?? '';

describe('demo mode tasks in the kit (decision 0054)', () => {
  it('DEMO7 outside demo mode no panel shows and nothing is committed', async () => {
    const chat = new DemoChat();
    chat.enabled = false;
    const t = await setup(chat);
    expect(byTestId('demo-panel')).toHaveLength(0);
    await t.act(() => t.kit.deeds.report('send'));
    expect(chat.log).toEqual(['get']);
  });

  it("DEMO7 the panel lists the tasks in the seed's order with what to try next and the progress, in zh and en", async () => {
    const chat = new DemoChat();
    chat.done.set('send', 1);
    await setup(chat);
    expect(byTestId('demo-panel')).toHaveLength(1);
    expect(text('demo-progress')).toBe('1 of 6 done');
    expect(text('demo-next')).toBe('Next: Recall a message you sent');
    expect(byTestId('demo-task-send')[0]?.dataset.done).toBe('true');
    expect(byTestId('demo-task-revoke')[0]?.dataset.next).toBe('true');
    expect(
      [...document.querySelectorAll('[data-testid^="demo-task-"]')].map((e) => e.getAttribute('data-testid')),
    ).toEqual(ORDER.map((task) => `demo-task-${task}`));
    mounted?.unmount();
    await setup(chat, 'zh');
    expect(text('demo-progress')).toBe('已完成 1/6');
    expect(text('demo-next')).toBe('下一步：撤回一条自己发送的消息');
  });

  it('DEMO6 a deed commits its task once, the tick shows at once; all done says so', async () => {
    const t = await setup();
    await t.act(() => {
      t.kit.deeds.report('call');
      t.kit.deeds.report('call');
    });
    expect(t.chat.log.filter((l) => l.startsWith('commit'))).toEqual(['commit call']);
    expect(byTestId('demo-task-call')[0]?.dataset.done).toBe('true');
    await t.act(() => t.kit.deeds.report('call'));
    expect(t.chat.log.filter((l) => l.startsWith('commit'))).toHaveLength(1);
    for (const deed of ORDER) await t.act(() => t.kit.deeds.report(deed));
    expect(text('demo-progress')).toBe('6 of 6 done');
    expect(text('demo-next')).toBe('All done. Welcome aboard!');
  });

  it('DEMO6 a commit the server did not take is untaken, and the next deed commits again', async () => {
    const t = await setup();
    t.chat.failCommit = true;
    await t.act(() => t.kit.deeds.report('send'));
    expect(byTestId('demo-task-send')[0]?.dataset.done).toBe('false');
    t.chat.failCommit = false;
    await t.act(() => t.kit.deeds.report('send'));
    expect(byTestId('demo-task-send')[0]?.dataset.done).toBe('true');
    expect(t.chat.log.filter((l) => l.startsWith('commit'))).toEqual(['commit send', 'commit send']);
  });

  it('DEMO6 a text the server accepted through the kit commits the send task', async () => {
    const chat = new DemoChat();
    chat.history.set('C2Cbob', []);
    const t = await setup(chat);
    await t.act(() => t.kit.open('C2Cbob'));
    await t.act(() => t.kit.messages.sendText('hello'));
    expect(t.chat.log).toContain('commit send');
  });

  it('DEMO8 progress is the server’s: another start (a reload, another device) reads it again', async () => {
    const chat = new DemoChat();
    await setup(chat);
    chat.done.set('mute', 5);
    chat.emit('sdkStateReady', {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    mounted?.unmount();
    await setup(chat);
    expect(byTestId('demo-task-mute')[0]?.dataset.done).toBe('true');
  });

  it('DEMO7 the header button folds the list away and back, saying so to assistive technology', async () => {
    const t = await setup();
    const toggle = byTestId('demo-toggle')[0] as HTMLButtonElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await t.act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.hidden).toBe(true);
    expect(toggle.getAttribute('aria-label')).toBe('Show the getting started checklist');
    await t.act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('DEMO9 the mutual-friend check asks once per user in demo mode, and a friend-list change asks again', async () => {
    const t = await setup();
    await t.act(() => t.kit.demo.checkMutual('bob'));
    await t.act(() => t.kit.demo.checkMutual('bob'));
    expect(t.chat.log.filter((l) => l.startsWith('check'))).toEqual(['check bob CheckResult_Type_Both']);
    expect(t.kit.demo.getSnapshot().mutual.get('bob')).toBe(true);
    t.chat.relation = 'CheckResult_Type_AWithB';
    await t.act(() => t.chat.emit('onFriendListUpdated', []));
    await t.act(() => t.kit.demo.checkMutual('bob'));
    expect(t.kit.demo.getSnapshot().mutual.get('bob')).toBe(false);
  });
});
