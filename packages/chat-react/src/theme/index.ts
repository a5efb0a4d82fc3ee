/** Theme: the Light/Dark/System choice shared by the kit and its host page (decision 0031). */
export {
  parseThemePreference,
  type ResolvedTheme,
  resolveTheme,
  THEME_PREFERENCES,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from './theme-preference.ts';
export { type ThemeState, ThemeStore, themeStore } from './theme-store.ts';
