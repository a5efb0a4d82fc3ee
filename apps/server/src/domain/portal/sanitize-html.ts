/**
 * An allow-list HTML sanitizer for the portal's content (rule PRT14). It rebuilds the markup from what it
 * recognises: allowed tags with allowed attributes, re-escaped; text escaped; everything else dropped, and
 * the content of script-like elements dropped with it. `removed` names what was dangerous, so a write can be
 * refused (an unknown but harmless tag is dropped silently).
 */

const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Elements whose content is code or foreign markup: dropped with everything inside. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'xmp',
  'noembed',
  'noframes',
  'frameset',
  'applet',
]);
/** Tags that are dangerous even when dropped alone (void ones among them drop nothing else): reported. */
const DANGEROUS_TAGS = new Set([
  ...DROP_WITH_CONTENT,
  'embed',
  'frame',
  'base',
  'link',
  'meta',
  'form',
  'input',
  'button',
  'select',
]);
const ALLOWED_ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  '*': ['class'],
};

export interface Sanitized {
  html: string;
  /** What was removed because it could run code or leave the page: `<script>`, `onclick`, `javascript:` … */
  removed: string[];
}

const escapeText = (s: string) =>
  s
    .replace(/&(?![a-zA-Z][a-zA-Z0-9]{0,31};|#[0-9]{1,7};|#x[0-9a-fA-F]{1,6};)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ENTITY = /&(#x[0-9a-f]+|#[0-9]+|colon|tab|newline);?/gi;
const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n' };

/** Decodes what a browser would decode in an attribute before reading a URL's scheme. */
function decodeForScheme(value: string): string {
  return (
    value
      .replace(ENTITY, (_m, code: string) => {
        const c = code.toLowerCase();
        if (NAMED[c]) return NAMED[c];
        const n = c.startsWith('#x') ? Number.parseInt(c.slice(2), 16) : Number.parseInt(c.slice(1), 10);
        return Number.isFinite(n) && n < 0x110000 ? String.fromCodePoint(n) : '';
      })
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these inside a URL scheme
      .replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  );
}

/** http(s), relative, fragment; for images also raster or SVG data URLs (an <img> never runs script). */
export function safeUrl(value: string, forImage: boolean): boolean {
  const v = decodeForScheme(value).toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(v);
  if (!scheme) return true;
  if (scheme[1] === 'http' || scheme[1] === 'https') return true;
  return forImage && /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/.test(v);
}

const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanAttrs(tag: string, raw: string, removed: string[]): string {
  const allowed = new Set([...(ALLOWED_ATTRS[tag] ?? []), ...(ALLOWED_ATTRS['*'] ?? [])]);
  let out = '';
  for (const m of raw.matchAll(ATTR)) {
    const name = (m[1] ?? '').toLowerCase();
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || name === 'formaction') {
      removed.push(`${name} attribute`);
      continue;
    }
    if (!allowed.has(name)) continue;
    if ((name === 'href' || name === 'src') && !safeUrl(value, name === 'src')) {
      removed.push(`${name}="${value.slice(0, 40)}"`);
      continue;
    }
    if (name === 'target') {
      if (value === '_blank') out += ' target="_blank" rel="noopener noreferrer"';
      continue;
    }
    out += ` ${name}="${escapeAttr(value)}"`;
  }
  return out;
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<[!?][^>]*>?/g;

export function sanitizeHtml(input: string): Sanitized {
  const removed: string[] = [];
  let html = '';
  let last = 0;
  let dropping: string | undefined;
  for (const m of input.matchAll(TOKEN)) {
    const index = m.index ?? 0;
    if (!dropping) html += escapeText(input.slice(last, index));
    last = index + m[0].length;
    const name = (m[2] ?? '').toLowerCase();
    const closing = m[1] === '/';
    if (dropping) {
      if (closing && name === dropping) dropping = undefined;
      continue;
    }
    if (!name) continue; // comment, doctype, processing instruction
    if (DANGEROUS_TAGS.has(name)) {
      removed.push(`<${name}>`);
      if (!closing && DROP_WITH_CONTENT.has(name) && !/\/\s*$/.test(m[3] ?? '')) dropping = name;
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      if (!VOID_TAGS.has(name)) html += `</${name}>`;
      continue;
    }
    html += `<${name}${cleanAttrs(name, m[3] ?? '', removed)}>`;
  }
  if (!dropping) html += escapeText(input.slice(last));
  return { html, removed };
}
