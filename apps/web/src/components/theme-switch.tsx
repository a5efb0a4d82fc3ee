import { THEME_PREFERENCES, type ThemePreference, themeStore } from '@parley/chat-react/theme';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** The document's theme (decision 0031): the stored Light/Dark/System choice and the theme it resolves to. */
export function useTheme() {
  const store = themeStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * Light/Dark/System beside the language switch (UI14), on every header: where a reader looks for how the page looks.
 * A native select: small on a phone's header row, and keyboard-operable without any script of its own. The chat
 * kit's settings offer the same choice; both write one stored value.
 */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { preference } = useTheme();
  return (
    <label className="theme-switch">
      <span className="visually-hidden">{t('theme.label')}</span>
      <select
        value={preference}
        onChange={(e) => themeStore().setPreference(e.target.value as ThemePreference)}
        data-testid="theme-switch"
      >
        {THEME_PREFERENCES.map((option) => (
          <option key={option} value={option}>
            {t(`theme.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
