import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../src/session/safe-redirect.ts';

const ORIGIN = 'https://chat.example.com';

describe('login redirect', () => {
  it('SES10 same-origin paths pass with their query and hash', () => {
    expect(safeRedirect('/chat', ORIGIN)).toBe('/chat');
    expect(safeRedirect('/user_chat?c=C2Clina#end', ORIGIN)).toBe('/user_chat?c=C2Clina#end');
    expect(safeRedirect(null, ORIGIN)).toBe('/');
  });

  it('SES10 anything that a browser would resolve to another origin is refused', () => {
    for (const hostile of [
      '/\t/other.example',
      '/%09/other.example',
      '/\n/other.example',
      '//other.example',
      '/\\other.example',
      '\\/other.example',
      'https://other.example/',
      'javascript:alert(1)',
      '/\r\n/other.example',
      ' //other.example',
    ]) {
      const result = safeRedirect(hostile, ORIGIN);
      expect(new URL(result, ORIGIN).origin, hostile).toBe(ORIGIN);
      expect(result.startsWith('//'), hostile).toBe(false);
    }
  });

  it('SES10 the raw query /login?redirect=%2F%09%2Fother.example does not leave the site', () => {
    const value = new URLSearchParams('redirect=%2F%09%2Fother.example').get('redirect');
    expect(safeRedirect(value, ORIGIN)).toBe('/');
  });
});
