import type { ChatSDK } from '@parley/chat';
import TencentCloudChat from '@parley/chat';
import { PORTAL_LANGUAGE } from '@parley/protocol';
import { describe, expect, it, vi } from 'vitest';
import { PROFILE_LANGUAGE, syncProfileLanguage } from '../src/session/profile-language.ts';

/** Just enough of the SDK and of i18next: handlers by event name, a profile with a language. */
function fakes(language: number, ready = true) {
  const handlers = new Map<string, () => void>();
  const updates: number[] = [];
  const chat = {
    isReady: () => ready,
    on: (name: string, fn: () => void) => handlers.set(name, fn),
    getMyProfile: async () => ({ code: 0, data: { language } }),
    updateMyProfile: vi.fn(async ({ language: next }: { language: number }) => {
      language = next;
      updates.push(next);
      return { code: 0, data: { language } };
    }),
  };
  const i18n = { resolvedLanguage: 'zh', on: (name: string, fn: () => void) => handlers.set(name, fn) };
  syncProfileLanguage(chat as unknown as ChatSDK, i18n as never);
  const fire = async (name: string) => {
    handlers.get(name)?.();
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  };
  return { i18n, updates, fire };
}

describe('the profile follows the language shown (PCP15)', () => {
  it('PCP15 writes the language when the chat is ready and on a switch, only when it differs', async () => {
    const f = fakes(0);
    await f.fire(TencentCloudChat.EVENT.SDK_READY);
    expect(f.updates).toEqual([PORTAL_LANGUAGE.ZH]);
    await f.fire('languageChanged');
    expect(f.updates).toEqual([PORTAL_LANGUAGE.ZH]);
    f.i18n.resolvedLanguage = 'en';
    await f.fire('languageChanged');
    expect(f.updates).toEqual([PORTAL_LANGUAGE.ZH, PORTAL_LANGUAGE.EN]);
  });

  it('PCP15 the web app writes the values the server reads', () => {
    expect(PROFILE_LANGUAGE).toEqual(PORTAL_LANGUAGE);
  });

  it('PCP15 a visitor (no chat session) writes nothing', async () => {
    const f = fakes(0, false);
    f.i18n.resolvedLanguage = 'en';
    await f.fire('languageChanged');
    expect(f.updates).toEqual([]);
  });
});
