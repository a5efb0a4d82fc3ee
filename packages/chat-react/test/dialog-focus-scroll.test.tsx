// @vitest-environment jsdom
import * as Dialog from '@radix-ui/react-dialog';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogContent } from '../src/a11y/dialog-content.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
});

/** An open kit dialog with three buttons; records which elements were scrolled into sight. */
async function openDialog(): Promise<HTMLElement[]> {
  const scrolled: HTMLElement[] = [];
  // jsdom lays nothing out and has no scrollIntoView: record the calls instead.
  HTMLElement.prototype.scrollIntoView = vi.fn(function (this: HTMLElement) {
    scrolled.push(this);
  });
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <Dialog.Root open>
        <Dialog.Portal>
          <DialogContent aria-describedby={undefined} data-testid="dialog">
            <Dialog.Title>Settings</Dialog.Title>
            <button type="button">first</button>
            <button type="button">middle</button>
            <button type="button">last</button>
          </DialogContent>
        </Dialog.Portal>
      </Dialog.Root>,
    ),
  );
  return scrolled;
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;

describe('a kit dialog keeps the focused control in sight (UI38)', () => {
  it('scrolls the control Tab wraps to from the last one, which Radix focuses without scrolling', async () => {
    const scrolled = await openDialog();
    act(() => button('last').focus());
    scrolled.length = 0;
    const content = document.querySelector<HTMLElement>('[data-testid="dialog"]');
    act(() => {
      content?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
    });
    expect(document.activeElement).toBe(button('first'));
    expect(scrolled).toEqual([button('first')]);
    expect(HTMLElement.prototype.scrollIntoView).toHaveBeenLastCalledWith({ block: 'nearest', inline: 'nearest' });
  });
});
