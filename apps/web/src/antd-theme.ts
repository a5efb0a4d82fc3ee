import { theme, type ThemeConfig } from 'antd';
import type { ResolvedTheme } from '@parley/chat-react/theme';

/**
 * antd's side of the portal's tokens (decision 0031): its dark algorithm under `data-theme="dark"`, and primaries
 * that keep white button text and link text at WCAG AA (UI16) — the same blues as `--accent` in styles.css; in dark a
 * button's blue is deeper than a link's, since white text on the link's light blue would fall below 4.5:1.
 */
export function antdTheme(resolved: ResolvedTheme): ThemeConfig {
  return resolved === 'dark'
    ? { algorithm: theme.darkAlgorithm, token: { colorPrimary: '#2f6fe0', colorLink: '#5b9bff' } }
    : { algorithm: theme.defaultAlgorithm, token: { colorPrimary: '#1a5fd0', colorLink: '#1a5fd0' } };
}
