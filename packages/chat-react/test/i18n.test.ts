import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { addChatResources, CHAT_NS, createChatI18n } from '../src/i18n/index.ts';
import { en } from '../src/i18n/en.ts';
import { zh } from '../src/i18n/zh.ts';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );
}

describe('kit texts (decision 0006)', () => {
  it('exist in both languages, key for key, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    for (const k of keys(zh)) {
      const get = (o: object) => k.split('.').reduce<unknown>((v, p) => (v as Record<string, unknown>)[p], o);
      expect(get(zh), k).not.toBe('');
      expect(get(en), k).not.toBe('');
    }
  });

  it('use the seed English verbatim', () => {
    expect(en.input.placeholder).toBe('Enter a message');
    expect(en.resend.confirm).toBe('Confirm to resend the message?');
    expect(en.resend.cancel).toBe('Cancel');
    expect(en.resend.submit).toBe('Submit');
    expect(en.message.read).toBe('Read');
    expect(en.message.unread).toBe('Unread');
    expect(en.chat.viewMore).toBe('view more');
    expect(en.chat.backToLatest).toBe('back to latest');
    expect(en.chat.newMessages_other).toBe('{{count}} new messages');
    expect(en.time.justNow).toBe('Just now');
    expect(en.list.networkError).toBe('Network exception, please check the network settings');
    expect(en.errors.userNotFound).toBe('The user does not exist');
  });

  it('default to Chinese and fall back to it', () => {
    const own = createChatI18n();
    expect(own.language).toBe('zh');
    expect(own.t('input.placeholder', { ns: CHAT_NS })).toBe('请输入消息');
    const host = i18next.createInstance();
    void host.init({ lng: 'fr', fallbackLng: 'zh', resources: {}, initAsync: false });
    addChatResources(host);
    expect(host.t('resend.submit', { ns: CHAT_NS })).toBe('确定');
  });

  it('pluralise English counts', () => {
    const t = createChatI18n('en').getFixedT('en', CHAT_NS);
    expect(t('chat.newMessages', { count: 1 })).toBe('1 new message');
    expect(t('chat.newMessages', { count: 4 })).toBe('4 new messages');
  });
});
