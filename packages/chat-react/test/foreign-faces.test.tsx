// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createChatI18n, chatTranslator } from '../src/i18n/index.ts';
import { messageSummary } from '../src/message-list/summary.ts';
import { FaceContent, faceOf, foreignFaceName } from '../src/rich/emoji-text.tsx';
import { FACE_PACKS } from '../src/rich/face-assets.ts';
import type { MessageItem } from '../src/message-list/message-item.ts';
import { FakeChat } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

const face = (index: number, data: string) =>
  ({
    ID: `f-${data}`,
    type: 'TIMFaceElem',
    payload: { index, data },
    flow: 'in',
    from: 'peer',
  }) as unknown as MessageItem;

async function show(item: MessageItem) {
  const view = await renderKit(new FakeChat(), () => <FaceContent item={item} />);
  cleanups.push(view.unmount);
  // The packs load lazily, as in the app.
  await expect.poll(() => document.querySelector('.pc-face, .pc-text')?.className).toMatch(/pc-face|pc-text/);
  await view.act();
  return view;
}

describe('stickers from other clients (UI28)', () => {
  it('UI28 a Tencent face name (yz00@2x, ys03, gcs16@2x.png) is read; Parley draws the known packs with its own images', () => {
    expect(foreignFaceName('yz00@2x')).toBe('yz00');
    expect(foreignFaceName('gcs16@2x.png')).toBe('gcs16');
    expect(foreignFaceName('tt01@2x')).toBe('tt01');
    expect(foreignFaceName('p1/1f436')).toBeUndefined();
    expect(foreignFaceName('https://web.sdk.qcloud.com/im/assets/face-elem/yz00@2x.png')).toBeUndefined();
    expect(faceOf(FACE_PACKS, 0, 'yz00@2x')).toBe(FACE_PACKS[0]?.[0]);
    expect(faceOf(FACE_PACKS, 1, 'ys15@2x')).toBe(FACE_PACKS[1]?.[15]);
    expect(faceOf(FACE_PACKS, 2, 'gcs16@2x')).toBe(FACE_PACKS[2]?.[16]);
    // Out of a pack's range, or a pack Parley has no pictures for: no image.
    expect(faceOf(FACE_PACKS, 0, 'yz18@2x')).toBeUndefined();
    expect(faceOf(FACE_PACKS, 0, 'tt01@2x')).toBeUndefined();
  });

  it('UI28 a known Tencent face shows Parley’s local image named by the face; the preview keeps [表情]', async () => {
    await show(face(0, 'yz03@2x'));
    const img = document.querySelector('img.pc-face');
    expect(img?.getAttribute('alt')).toBe('Sticker yz03');
    expect(img?.getAttribute('src')).not.toMatch(/qcloud|^https?:/);
    const t = chatTranslator(createChatI18n('zh'), 'zh');
    expect(messageSummary({ type: 'TIMFaceElem', payload: { index: 0, data: 'yz03@2x' } } as never, 'me', t)).toBe(
      '[表情]',
    );
  });

  it('UI28 an unknown Tencent face (tt01@2x) shows a placeholder that names it, not [表情]', async () => {
    await show(face(5, 'tt01@2x'));
    const [placeholder] = byTestId('face-placeholder');
    expect(placeholder?.getAttribute('aria-label')).toBe('Sticker tt01');
    expect(placeholder?.textContent).toBe('tt01');
    expect(document.body.textContent).not.toContain('[Sticker]');
  });
});
