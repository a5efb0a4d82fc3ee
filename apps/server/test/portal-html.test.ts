import { type Block, ERRORS } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtml } from '../src/domain/portal/sanitize-html.ts';
import { adminHeaders, cleanupApps } from './support/app.ts';
import { KINDS, makePortalApp, tapi } from './support/portal.ts';

describe('PRT14 the HTML sanitizer', () => {
  const clean = (html: string) => sanitizeHtml(html).html;

  it('PRT14 keeps formatting, links and images with safe URLs', () => {
    const html =
      '<p class="x">© 2026 <strong>Parley</strong> · <a href="/dy?id=29">联系我们</a></p><br><img src="/a.png" alt="a">';
    expect(clean(html)).toBe(html.replace('<br>', '<br>'));
    expect(clean('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('PRT14 drops scripts with their content, event handlers, styles and dangerous elements, and says so', () => {
    const cases: [string, string][] = [
      ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
      ['<SCRIPT src="//x"></SCRIPT>ok', 'ok'],
      ['<img src="x.png" onerror="alert(1)">', '<img src="x.png">'],
      ['<p onclick=alert(1) style="color:red">t</p>', '<p>t</p>'],
      ['<iframe src="https://x"></iframe>t', 't'],
      ['<svg><script>alert(1)</script></svg>t', 't'],
      ['<style>body{}</style>t', 't'],
      ['<object data="x"></object><embed src="x">t', 't'],
      ['<form action="/x"><input name="a"></form>', ''],
      ['<base href="https://evil/">', ''],
    ];
    for (const [input, output] of cases) {
      const r = sanitizeHtml(input);
      expect(r.html, input).toBe(output);
      expect(r.removed.length, input).toBeGreaterThan(0);
    }
  });

  it('PRT14 only http, https, relative (and image data) URLs, however the scheme is disguised', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'javascript&colon;alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(safeUrl(bad, false), bad).toBe(false);
      const r = sanitizeHtml(`<a href="${bad.replaceAll('"', '&quot;')}">x</a>`);
      expect(r.html, bad).toBe('<a>x</a>');
      expect(r.removed.length, bad).toBe(1);
    }
    expect(safeUrl('data:image/png;base64,AAAA', true)).toBe(true);
    expect(safeUrl('data:image/png;base64,AAAA', false)).toBe(false);
    for (const ok of ['https://a.b/c', 'http://a', '/job?hid=1', 'news_show?id=2', '#top', '?x=1']) {
      expect(safeUrl(ok, false), ok).toBe(true);
    }
  });

  it('PRT14 text is escaped: stray angle brackets and quotes cannot open markup', () => {
    expect(clean('a < b > c & d')).toBe('a &lt; b &gt; c &amp; d');
    expect(clean('&lt;script&gt;')).toBe('&lt;script&gt;');
    expect(clean('<a title=\'x" onmouseover="alert(1)\'>t</a>')).toBe(
      '<a title="x&quot; onmouseover=&quot;alert(1)">t</a>',
    );
    expect(clean('<!-- <script>alert(1)</script> -->ok')).toBe('ok');
    expect(clean('<p>unclosed <script>alert(1)')).toBe('<p>unclosed ');
  });
});

describe.each(KINDS)('PRT14 content blocks over HTTP (%s)', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ app, close } = await makePortalApp(kind));
  });
  afterEach(async () => {
    await close();
    await cleanupApps();
  });

  const put = (id: number, body: Record<string, unknown>, headers: Record<string, string> = adminHeaders) =>
    app.inject({ method: 'PUT', url: `/admin/v1/portal/blocks/${id}`, headers, payload: body });

  it('PRT14 writing a block whose HTML carries a script is refused (422 60035) and nothing is stored', async () => {
    const ok = await put(42, { kind: 'block', title: '版权', image: '', content: '<p>© 2026 Parley</p>' });
    expect(ok.statusCode).toBe(200);
    for (const content of [
      '<p>© 2026</p><script>document.location="https://evil"</script>',
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
    ]) {
      const bad = await put(42, { kind: 'block', title: '版权', image: '', content });
      expect(bad.statusCode, content).toBe(422);
      expect(bad.json()).toMatchObject({ code: ERRORS.PORTAL_UNSAFE_HTML.code });
    }
    const badImage = await put(31, { kind: 'block', title: 'QR', image: 'javascript:alert(1)', content: '' });
    expect(badImage.statusCode).toBe(422);
    const shown = (await tapi(app, 'common/bimage', { id: 42 })).data as Block;
    expect(shown.content).toBe('<p>© 2026 Parley</p>');
    expect((await tapi(app, 'common/bimage', { id: 31 })).body.code).toBe(ERRORS.PORTAL_NOT_FOUND.code);
  });

  it('PRT14 HTML that reached the table another way leaves the server sanitized', async () => {
    await app.parley.domain.storage.portal.putBlock({
      id: 30,
      kind: 'block',
      title: '页脚',
      image: 'javascript:alert(1)',
      content: '<p onclick="alert(1)">热线<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
      updatedAt: 1,
    });
    const b = (await tapi(app, 'common/bimage', { id: 30 })).data as Block;
    expect(b.content).toBe('<p>热线</p><a>x</a>');
    expect(b.image).toBe('');
  });

  it('PRT14 the block API is admin only', async () => {
    const anon = await put(42, { kind: 'block', title: 't', image: '', content: '' }, {});
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe(ERRORS.ADMIN_REQUIRED.code);
  });
});
