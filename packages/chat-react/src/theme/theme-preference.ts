/**
 * The theme choice (decision 0031, UI13): Light, Dark or System. Pure rules, no DOM: what a stored value means and
 * which theme a preference gives under the system's colour scheme.
 */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

/** One key for the portal and the chat kit: they run on one origin, so one choice applies to both (UI13). */
export const THEME_STORAGE_KEY = 'parley.theme';

/** A stored value, or System for anything else (nothing stored yet, an old or hand-edited value). */
export function parseThemePreference(raw: string | null | undefined): ThemePreference {
  return (THEME_PREFERENCES as readonly string[]).includes(raw ?? '') ? (raw as ThemePreference) : 'system';
}

/** Light and Dark are what they say; System follows `prefers-color-scheme`. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
