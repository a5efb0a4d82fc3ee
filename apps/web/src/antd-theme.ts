import { theme, type ThemeConfig } from 'antd';
import type { ResolvedTheme } from '@parley/chat-react/theme';

/**
 * antd's side of the portal's tokens (decision 0031): its dark algorithm under `data-theme="dark"`, and primaries
 * that keep white button text and link text at WCAG AA (UI16) — the same blues as `--accent` in styles.css; in dark a
 * button's blue is deeper than a link's, since white text on the link's light blue would fall below 4.5:1.
 */
export function antdTheme(resolved: ResolvedTheme): ThemeConfig {
  const themed =
    resolved === 'dark'
      ? {
          algorithm: theme.darkAlgorithm,
          token: {
            colorPrimary: '#2f6fe0',
            colorLink: '#5b9bff',
            colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
            colorTextDescription: 'rgba(255, 255, 255, 0.55)',
            colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
          },
        }
      : {
          algorithm: theme.defaultAlgorithm,
          // antd's tertiary text (labels, descriptions) is 45 % black, 3.4:1 on white; its tags write the 7th shade of
          // a colour on the 1st, 3.3:1 for orange and green. One shade deeper each reaches 4.5:1. A select's placeholder
          // (the region picker's 'city') is read as its label: the tertiary grey, not antd's 25 % (1.8:1).
          token: {
            colorPrimary: '#1a5fd0',
            colorLink: '#1a5fd0',
            colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
            colorTextDescription: 'rgba(0, 0, 0, 0.58)',
            colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
            orange: '#d46b08',
            green: '#389e0d',
          },
        };
  // UI33: antd's own stack names no CJK font, so its labels and inputs fell back to another face than the page's.
  return { ...themed, token: { ...themed.token, fontFamily: 'var(--font-sans)' } };
}
