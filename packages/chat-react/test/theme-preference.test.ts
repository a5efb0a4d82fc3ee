import { describe, expect, test } from 'vitest';
import { contrastRatio } from '../src/theme/contrast.ts';
import { parseThemePreference, resolveTheme } from '../src/theme/theme-preference.ts';

describe('theme choice (decision 0031)', () => {
  test('UI13 System follows the system scheme; Light and Dark ignore it', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  test('UI13 nothing stored, or a value that is not a choice, means System', () => {
    expect(parseThemePreference(null)).toBe('system');
    expect(parseThemePreference('')).toBe('system');
    expect(parseThemePreference('DARK')).toBe('system');
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('light')).toBe('light');
  });
});

describe('UI16 contrast ratio (WCAG 2.2)', () => {
  test('the known ratios: black on white 21, equal colours 1, #767676 on white the 4.5 threshold', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1f6feb', '#1f6feb')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
  });

  test('a translucent text colour is composed over its background first', () => {
    // rgba(0,0,0,0.45) over white is #8c8c8c: 3.36, below AA although black is 21:1.
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(contrastRatio('#8c8c8c', '#ffffff'), 1);
  });
});
