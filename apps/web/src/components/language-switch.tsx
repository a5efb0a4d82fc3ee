import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language, setLanguage } from '../i18n/index.ts';

/** Each language is named in itself, so a reader finds their own language whatever is showing. */
const OPTIONS: { label: string; value: Language; htmlLang: string }[] = [
  { label: '中文', value: 'zh', htmlLang: 'zh-CN' },
  { label: 'English', value: 'en', htmlLang: 'en' },
];

/** Two toggle buttons rather than antd's Segmented, which brings tooltip code along (about 6 KB gzipped). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('lang.label')}</legend>
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.htmlLang}
          aria-pressed={option.value === active}
          onClick={() => setLanguage(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
