// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageItem } from '../src/message-list/message-item.ts';
import { FileContent } from '../src/rich/card-bubbles.tsx';
import { FakeChat } from './fake-chat.ts';
import { renderKit } from './render-kit.tsx';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

// Seed 000 §5's file types, one name each.
const NAMES = ['a.png', 'b.pdf', 'c.txt', 'd.pptx', 'e.key', 'f.xlsx', 'g.zip', 'h.docx', 'i.mp4', 'j.bin'];

const fileItem = (fileName: string) =>
  ({
    ID: fileName,
    type: 'TIMFileElem',
    flow: 'in',
    status: 'success',
    payload: { fileName, fileSize: 2048, fileUrl: 'https://parley.example/f' },
  }) as unknown as MessageItem;

describe('file card icons (UI29)', () => {
  it('UI29 every file type’s icon carries its own glyph and label, not a bare coloured square', async () => {
    const view = await renderKit(new FakeChat(), () => (
      <>
        {NAMES.map((name) => (
          <FileContent key={name} item={fileItem(name)} />
        ))}
      </>
    ));
    cleanups.push(view.unmount);
    const icons = [...document.querySelectorAll('.pc-file__icon')];
    expect(icons).toHaveLength(NAMES.length);
    const labels = icons.map((icon) => icon.querySelector('svg text')?.textContent);
    expect(labels).toEqual(['IMG', 'PDF', 'TXT', 'PPT', 'KEY', 'XLS', 'ZIP', 'DOC', 'VID', '?']);
    // Nothing is loaded from anywhere: the glyph is inline.
    expect(icons.some((icon) => icon.querySelector('img, image, use'))).toBe(false);
  });
});
