import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../src/portal/chrome/sanitize.ts';

const { window } = new JSDOM('');
const clean = (html: string) => sanitizeHtml(html, window as never);

describe('content block sanitizer', () => {
  it('POR7 keeps the copyright formatting and links', () => {
    expect(clean('<p>版权所有 © 2026 <a href="https://example.com/about">Parley</a></p>')).toBe(
      '<p>版权所有 © 2026 <a href="https://example.com/about">Parley</a></p>',
    );
    expect(clean('<a href="/dy?id=29">联系我们</a>')).toBe('<a href="/dy?id=29">联系我们</a>');
  });

  it('POR7 removes scripts, event handlers, javascript: URLs, styles and frames', () => {
    const html = clean(
      '<p onclick="alert(1)">x</p><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">y</a><iframe src="https://evil.example"></iframe><style>*{}</style><form><input></form>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|style|form|input/i);
    expect(html).toContain('<p>x</p>');
    expect(html).toContain('<a>y</a>');
  });

  it('POR7 refuses protocol-relative and data URLs; adds rel to links opening a new tab', () => {
    expect(clean('<img src="//evil.example/a.png">')).toBe('<img>');
    expect(clean('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('<img>');
    expect(clean('<a href="https://a.example" target="_blank">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
  });
});
