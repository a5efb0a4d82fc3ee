import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, LongPress, type PressPoint } from '../src/conversation-list/long-press.ts';
import { createChatI18n } from '../src/i18n/index.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { conversation, FakeChat, flush } from './fake-chat.ts';

const touch: PressPoint = { pointerType: 'touch', x: 100, y: 200 };

describe('touch long-press on a conversation row', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('UI2 opens the menu after exactly 1000 ms of holding, and the release neither opens the chat nor re-fires', () => {
    const opened: PressPoint[] = [];
    const press = new LongPress((p) => opened.push(p));
    expect(LONG_PRESS_MS).toBe(1000);
    expect(press.down(touch)).toBe(true);
    vi.advanceTimersByTime(999);
    expect(opened).toEqual([]);
    // The browser's own earlier long-press contextmenu is swallowed while the press is on.
    expect(press.swallowsContextMenu()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(opened).toEqual([touch]);
    press.up();
    // The click that follows the release is consumed once: the chat does not open.
    expect(press.consumeClick()).toBe(true);
    expect(press.consumeClick()).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(opened).toHaveLength(1);
  });

  it('UI2 a short tap opens the chat; a move past the slop (a scroll) cancels; a mouse is left to right-click', () => {
    const opened: PressPoint[] = [];
    const press = new LongPress((p) => opened.push(p));
    press.down(touch);
    vi.advanceTimersByTime(300);
    press.up();
    expect(press.consumeClick()).toBe(false);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(opened).toEqual([]);

    press.down(touch);
    press.move({ ...touch, y: touch.y + 4 });
    press.move({ ...touch, y: touch.y + 30 });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(opened).toEqual([]);

    expect(press.down({ ...touch, pointerType: 'mouse' })).toBe(false);
    expect(press.swallowsContextMenu()).toBe(false);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(opened).toEqual([]);
  });
});

describe('deleting a conversation', () => {
  it('UI1 asks first: nothing is deleted until the user confirms, and cancelling deletes nothing', async () => {
    const chat = new FakeChat();
    const row = conversation('C2Cpeer');
    chat.conversations = [row];
    const kit = new ChatKit(chat, createChatI18n('en'));
    kit.attach();
    kit.askRemove(row);
    expect(kit.deleteRequest.getSnapshot()).toBe(row);
    kit.deleteRequest.cancel();
    await flush();
    expect(chat.calls.filter((c) => c.startsWith('delete'))).toEqual([]);
    kit.askRemove(row);
    kit.confirmRemove();
    await flush();
    expect(chat.calls.filter((c) => c.startsWith('delete'))).toEqual(['delete C2Cpeer']);
    expect(kit.deleteRequest.getSnapshot()).toBeNull();
  });
});
