import i18next, { type i18n as I18n } from 'i18next';
import { en } from './en.ts';
import type { Translate } from './translate.ts';
import { zh } from './zh.ts';

/** The kit's texts live in their own namespace, so a host app's keys never collide with them. */
export const CHAT_NS = 'parleyChat';
export const CHAT_LANGUAGES = ['zh', 'en'] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];
export const chatResources = { zh, en } as const;

/** Adds the kit's texts to a host app's i18next instance: the app's language switch then drives the kit too. */
export function addChatResources(instance: I18n): void {
  for (const language of CHAT_LANGUAGES) {
    if (!instance.hasResourceBundle(language, CHAT_NS)) {
      instance.addResourceBundle(language, CHAT_NS, chatResources[language], true, false);
    }
  }
}

/** A standalone instance for apps without i18next: Chinese by default and as fallback (seed 000 §1). */
export function createChatI18n(language: ChatLanguage = 'zh'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { zh: { [CHAT_NS]: zh }, en: { [CHAT_NS]: en } },
    lng: language,
    fallbackLng: 'zh',
    supportedLngs: [...CHAT_LANGUAGES],
    ns: [CHAT_NS],
    defaultNS: CHAT_NS,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

type FixedT = (language: string | null, ns: string) => Translate;

/**
 * A translate function for the kit's namespace. Called through a loose signature: a host app may narrow i18next's
 * namespace and key types to its own resources (module augmentation), which must not reject the kit's keys.
 */
export function chatTranslator(instance: I18n, language: string | null): Translate {
  return (instance.getFixedT as unknown as FixedT).call(instance, language, CHAT_NS);
}
