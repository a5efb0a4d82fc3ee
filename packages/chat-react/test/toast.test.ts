import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import type { Translate } from '../src/i18n/translate.ts';
import { errorKey, errorText } from '../src/toast/error-text.ts';
import {
  dismissToast,
  expireToasts,
  nextExpiry,
  pushToast,
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_OFFSET_PX,
} from '../src/toast/toast-state.ts';
import { ToastStore } from '../src/toast/toast-store.ts';

describe('toast rules (seed 000 §8–9)', () => {
  it('uses 3000 ms, 20 px offset and 20 px gap', () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(TOAST_OFFSET_PX).toBe(20);
    expect(TOAST_GAP_PX).toBe(20);
  });

  it('a toast with the same text raises a counter instead of stacking, and restarts its timer', () => {
    let list = pushToast([], { type: 'error', text: 'boom' }, 0, 1);
    list = pushToast(list, { type: 'error', text: 'boom' }, 1000, 2);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 1, count: 2, expiresAt: 4000 });
  });

  it('different texts stack in order', () => {
    let list = pushToast([], { type: 'error', text: 'a' }, 0, 1);
    list = pushToast(list, { type: 'error', text: 'b' }, 0, 2);
    expect(list.map((t) => t.text)).toEqual(['a', 'b']);
  });

  it('an expired toast with the same text does not count: a new one starts at 1', () => {
    let list = pushToast([], { type: 'error', text: 'a' }, 0, 1);
    list = pushToast(list, { type: 'error', text: 'a' }, 3000, 2);
    expect(list.at(-1)).toMatchObject({ id: 2, count: 1 });
  });

  it('expires, dismisses and finds the next expiry', () => {
    let list = pushToast([], { type: 'error', text: 'a' }, 0, 1);
    list = pushToast(list, { type: 'error', text: 'b', durationMs: 5000 }, 0, 2);
    expect(nextExpiry(list)).toBe(3000);
    expect(expireToasts(list, 2999)).toBe(list);
    expect(expireToasts(list, 3000).map((t) => t.text)).toEqual(['b']);
    expect(dismissToast(list, 2).map((t) => t.text)).toEqual(['a']);
    expect(nextExpiry([])).toBeNull();
  });
});

describe('ToastStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('removes a toast 3000 ms after its last repeat', () => {
    const store = new ToastStore(() => Date.now());
    store.error('boom');
    vi.advanceTimersByTime(2000);
    store.error('boom');
    expect(store.getSnapshot()[0]?.count).toBe(2);
    vi.advanceTimersByTime(2999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('notifies subscribers', () => {
    const store = new ToastStore(() => Date.now());
    const listener = vi.fn();
    store.subscribe(listener);
    store.error('x');
    expect(listener).toHaveBeenCalledTimes(1);
    store.dispose();
  });
});

describe('error texts (seed 000 §8)', () => {
  const en = createChatI18n('en').getFixedT('en', 'parleyChat') as unknown as Translate;
  const zh = createChatI18n('zh').getFixedT('zh', 'parleyChat') as unknown as Translate;

  it('maps 80001 and 80002 to the seed texts', () => {
    expect(errorText({ code: 80001, message: 'x' }, en)).toBe(
      'Your message may contain prohibited content, please stop sending such content.',
    );
    expect(errorText({ code: 80002, message: 'x' }, en)).toBe(
      'The message you sent exceeds the maximum length (>8KB).',
    );
    expect(errorText({ code: 80002, message: 'x' }, zh)).toBe('您发送的消息超过了最大长度（>8KB）。');
  });

  it('maps network failures to the seed network text and shows other messages as they are', () => {
    expect(errorText({ code: 2800, message: 'fetch failed' }, en)).toBe(
      'Network exception, please check the network settings',
    );
    expect(errorText({ code: 12345, message: 'Something else' }, en)).toBe('Something else');
    expect(errorKey(20003)).toBe('errors.userNotFound');
    expect(errorKey(1)).toBeNull();
  });
});

describe('toasts for screen readers (UI20)', () => {
  it('UI20 a toast that is not an error is read out through the kit’s live region; errors are alerts of their own', async () => {
    const { ChatKit } = await import('../src/provider/chat-kit.ts');
    const { FakeChat } = await import('./fake-chat.ts');
    const kit = new ChatKit(new FakeChat(), createChatI18n('en'));
    kit.toasts.show({ type: 'success', text: 'Forwarded' });
    expect(kit.announcer.getSnapshot()?.text).toBe('Forwarded');
    kit.toasts.error('Network error');
    expect(kit.announcer.getSnapshot()?.text).toBe('Forwarded');
    kit.toasts.dispose();
  });
});
