import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import zh from './zh.json';

/** Chinese is the default and the fallback: the portal's audience reads Chinese first. */
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'parley.language';
const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en' };

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof zh };
  }
}

function storedLanguage(): Language {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    // Storage can be disabled (privacy modes); the default still works.
    return 'zh';
  }
}

function applyToDocument(language: Language): void {
  document.documentElement.lang = HTML_LANG[language];
  document.title = i18n.t('app.title');
}

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'en' ? 'en' : 'zh';
}

/** Switches every mounted text at once (react-i18next re-renders) and remembers the choice. */
export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch itself still applies.
  }
  void i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  supportedLngs: LANGUAGES,
  // React escapes text itself; escaping here would double-escape user names.
  interpolation: { escapeValue: false },
  // Resources are bundled, so initialise synchronously: the first render already has its texts.
  initAsync: false,
});
i18n.on('languageChanged', () => applyToDocument(currentLanguage()));
applyToDocument(currentLanguage());

export default i18n;
