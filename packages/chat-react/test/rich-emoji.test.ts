import { describe, expect, it } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import type { Translate } from '../src/i18n/translate.ts';
import { messageSummary } from '../src/message-list/summary.ts';
import type { ChatMessage, ChatResponse } from '../src/provider/chat-port.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { EMOJI_URLS } from '../src/rich/emoji-assets.ts';
import { EMOJI_COLLAPSED, EMOJI_NAMES, emojiCode, insertAt, splitEmoji } from '../src/rich/emoji.ts';
import { faceOf } from '../src/rich/emoji-text.tsx';
import { FACE_PACKS } from '../src/rich/face-assets.ts';
import { conversation, FakeChat, flush } from './fake-chat.ts';

describe('emoji codes (KUPL7)', () => {
  it('KUPL7 there are 142 distinct named codes, 6 shown collapsed, each with a bundled image', () => {
    expect(EMOJI_NAMES).toHaveLength(142);
    expect(new Set(EMOJI_NAMES).size).toBe(142);
    expect(EMOJI_COLLAPSED).toBe(6);
    expect(Object.keys(EMOJI_URLS).sort()).toEqual([...EMOJI_NAMES].sort());
    for (const url of Object.values(EMOJI_URLS)) expect(url).toMatch(/\.svg$|^data:image\/svg\+xml/);
    expect(EMOJI_NAMES[0]).toBe('微笑');
  });

  it('KUPL7 a text splits into plain runs and known codes only', () => {
    expect(splitEmoji('hi [微笑]!')).toEqual(['hi ', { emoji: '微笑' }, '!']);
    expect(splitEmoji('[微笑][OK]')).toEqual([{ emoji: '微笑' }, { emoji: 'OK' }]);
    expect(splitEmoji('[not one] [微笑')).toEqual(['[not one] [微笑']);
    expect(splitEmoji('[[微笑]]')).toEqual(['[', { emoji: '微笑' }, ']']);
    expect(splitEmoji('<b>[强]</b>')).toEqual(['<b>', { emoji: '强' }, '</b>']);
    expect(splitEmoji('')).toEqual([]);
  });

  it('KUPL8 a picked code goes in at the caret, replacing a selection', () => {
    expect(insertAt('ab', 1, 1, emojiCode('微笑'))).toEqual({ value: 'a[微笑]b', caret: 5 });
    expect(insertAt('abc', 0, 3, '[OK]')).toEqual({ value: '[OK]', caret: 4 });
    expect(insertAt('ab', 9, 9, '[OK]')).toEqual({ value: 'ab[OK]', caret: 6 });
  });
});

describe('face packs (KUPL9)', () => {
  it('KUPL9 three packs of 18, 16 and 17 faces with distinct keys', () => {
    expect(FACE_PACKS.map((p) => p.length)).toEqual([18, 16, 17]);
    const keys = FACE_PACKS.flat().map((f) => f.key);
    expect(new Set(keys).size).toBe(51);
  });

  it('KUPL9 a face message finds its image by index and data; anything else finds none', () => {
    const first = FACE_PACKS[1]?.[0];
    expect(faceOf(FACE_PACKS, 1, first?.key)).toBe(first);
    expect(faceOf(FACE_PACKS, 0, first?.key)).toBeUndefined();
    expect(faceOf(FACE_PACKS, 7, first?.key)).toBeUndefined();
    expect(faceOf(FACE_PACKS, '1', first?.key)).toBeUndefined();
    expect(faceOf(FACE_PACKS, 1, 42)).toBeUndefined();
  });
});

/** A chat whose send reports upload progress, then waits until the test lets it finish. */
class UploadingChat extends FakeChat {
  finish: () => void = () => undefined;
  override async sendMessage(
    message: ChatMessage,
    options?: { onProgress?: (p: number) => void },
  ): Promise<ChatResponse<{ message: ChatMessage }>> {
    options?.onProgress?.(0.01);
    options?.onProgress?.(0.5);
    await new Promise<void>((resolve) => {
      this.finish = resolve;
    });
    options?.onProgress?.(1);
    return super.sendMessage(message);
  }
}

describe('upload progress (KUPL10)', () => {
  it('KUPL10 a media send shows its progress on the item until it settles', async () => {
    const chat = new UploadingChat();
    chat.conversations = [conversation('C2Cpeer')];
    const kit = new ChatKit(chat, createChatI18n('en'));
    kit.attach();
    await flush();
    kit.open('C2Cpeer');
    await flush();
    kit.messages.sendText('photo');
    const item = () => kit.messages.getSnapshot().items.at(-1);
    expect(item()?.status).toBe('unSend');
    expect(item()?.progress).toBe(0.5);
    chat.finish();
    await flush();
    expect(item()?.status).toBe('success');
  });
});

describe('abstracts of each kind (decision 0016)', () => {
  it('KUPL11 the conversation list names each kind in zh and en; a text keeps its emoji codes', () => {
    const kinds: [string, unknown, string, string][] = [
      ['TIMImageElem', {}, '[图片]', '[Image]'],
      ['TIMVideoFileElem', {}, '[视频]', '[Video]'],
      ['TIMSoundElem', {}, '[语音]', '[Voice]'],
      ['TIMFileElem', {}, '[文件]', '[File]'],
      ['TIMFaceElem', {}, '[表情]', '[Sticker]'],
      ['TIMLocationElem', {}, '[位置]', '[Location]'],
      ['TIMCustomElem', { data: '{}' }, '[自定义消息]', '[Custom Messages]'],
      ['TIMCustomElem', { data: '{}', description: 'Order 42' }, 'Order 42', 'Order 42'],
      ['TIMTextElem', { text: 'hi [微笑]' }, 'hi [微笑]', 'hi [微笑]'],
    ];
    for (const lang of ['zh', 'en'] as const) {
      const t = createChatI18n(lang).getFixedT(lang, 'parleyChat') as unknown as Translate;
      for (const [type, payload, zh, en] of kinds) {
        const line = messageSummary({ type, payload, isRevoked: false, from: 'a' }, 'me', t);
        expect(line).toBe(lang === 'zh' ? zh : en);
      }
    }
  });
});
