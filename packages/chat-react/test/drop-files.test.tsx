// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatWindow } from '../src/chat/chat-window.tsx';
import { InputPlugins } from '../src/rich/input-plugins.tsx';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { conversation, FakeChat, history } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const CONV = 'C2Cpeer';

/** The SDK double with the media factories: each records the kind it made. */
class MediaChat extends FakeChat {
  readonly made: string[] = [];
  #factory(kind: string) {
    return (o: { to: string; payload: { file: File } }): ChatMessage => {
      this.made.push(`${kind} ${o.payload.file.name}`);
      return {
        ...this.createTextMessage({ to: o.to, conversationType: 'C2C', payload: { text: '' } }),
        type: kind,
        payload: {},
      };
    };
  }
  createImageMessage = this.#factory('TIMImageElem');
  createVideoMessage = this.#factory('TIMVideoFileElem');
  createFileMessage = this.#factory('TIMFileElem');
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

/** A drag event as the browser sends it for files from the desktop (jsdom has no DragEvent). */
function drag(target: Element | undefined, type: string, files: File[] = []) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files, dropEffect: 'none' } });
  act(() => {
    target?.dispatchEvent(event);
  });
}

const pdf = () => new File(['%PDF-1.4'], '简历.pdf', { type: 'application/pdf' });

describe('files dropped on the chat window, and the image picker (UI26, UI27)', () => {
  it('UI26 a file dragged over any part of the chat window shows the overlay; dropping it there sends it', async () => {
    const chat = new MediaChat();
    chat.history.set(CONV, history(CONV, 2));
    chat.conversations = [conversation(CONV)];
    const view = await renderKit(chat, () => <ChatWindow />);
    cleanups.push(view.unmount);
    await view.act(() => view.kit.open(CONV));
    const header = byTestId('chat-title')[0];
    expect(byTestId('drop-overlay')).toHaveLength(0);
    drag(header, 'dragenter');
    expect(byTestId('drop-overlay')).toHaveLength(1);
    expect(byTestId('drop-overlay')[0]?.textContent).toBe('Drop files to send them');
    drag(header, 'drop', [pdf()]);
    expect(byTestId('drop-overlay')).toHaveLength(0);
    expect(chat.made).toEqual(['TIMFileElem 简历.pdf']);
  });

  it('UI27 a non-image picked with the image button is not sent and says why in a toast', async () => {
    const chat = new MediaChat();
    chat.history.set(CONV, history(CONV, 1));
    const view = await renderKit(chat, () => <InputPlugins disabled={false} />);
    cleanups.push(view.unmount);
    await view.act(() => view.kit.open(CONV));
    const input = byTestId('plugin-image-input')[0] as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [pdf()], configurable: true });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(chat.made).toEqual([]);
    expect(view.kit.toasts.getSnapshot().map((t) => t.text)).toEqual([
      '“简历.pdf” is not an image: send it with the File button',
    ]);
  });
});
