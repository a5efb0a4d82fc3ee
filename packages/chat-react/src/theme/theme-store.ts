/** The page's theme: the stored choice, the system's scheme, and the `data-theme` attribute on `<html>` (UI13). */
import { Store } from '../core/store.ts';
import {
  parseThemePreference,
  type ResolvedTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from './theme-preference.ts';

export interface ThemeState {
  preference: ThemePreference;
  resolved: ResolvedTheme;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function readStored(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null; // storage disabled: the choice lasts for the page only
  }
}

/**
 * One per document, since the theme is the document's: `<html data-theme>` is what the portal's variables, antd's
 * algorithm and the kit's `theme="auto"` all read. It follows the system's scheme while the choice is System, and
 * the choice made in another tab (the `storage` event).
 */
export class ThemeStore extends Store<ThemeState> {
  readonly #media: MediaQueryList;

  constructor() {
    const media = window.matchMedia(DARK_QUERY);
    const preference = parseThemePreference(readStored());
    super({ preference, resolved: resolveTheme(preference, media.matches) });
    this.#media = media;
    media.addEventListener('change', () => this.#refresh(this.getSnapshot().preference));
    window.addEventListener('storage', (event) => {
      if (event.key === THEME_STORAGE_KEY) this.#refresh(parseThemePreference(event.newValue));
    });
    this.#apply();
  }

  setPreference(preference: ThemePreference): void {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, preference);
    } catch {
      // storage disabled: still switch for this page
    }
    this.#refresh(preference);
  }

  #refresh(preference: ThemePreference): void {
    const resolved = resolveTheme(preference, this.#media.matches);
    const current = this.getSnapshot();
    if (current.preference !== preference || current.resolved !== resolved) this.set({ preference, resolved });
    this.#apply();
  }

  #apply(): void {
    const root = document.documentElement;
    const { resolved } = this.getSnapshot();
    root.dataset.theme = resolved;
    root.style.colorScheme = resolved;
  }
}

let shared: ThemeStore | null = null;

/** The document's theme store, made on first use (the page has one `<html>`, so one store). */
export function themeStore(): ThemeStore {
  shared ??= new ThemeStore();
  return shared;
}
