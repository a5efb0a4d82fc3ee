import DOMPurify, { type WindowLike } from 'dompurify';

/**
 * Content blocks (footer, copyright) are HTML written by an administrator and sent by the server; they are
 * sanitized before rendering (rule POR7). A strict allow-list on top of DOMPurify: text formatting, links
 * (http, https, mailto, tel or site-relative only) and images; no scripts, styles, forms, frames or event handlers.
 */
const ALLOWED_TAGS = ['a', 'b', 'br', 'div', 'em', 'i', 'img', 'li', 'ol', 'p', 'small', 'span', 'strong', 'ul'];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'target', 'rel', 'width', 'height'];
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance(win?: WindowLike): ReturnType<typeof DOMPurify> {
  if (win) return configure(DOMPurify(win));
  purifier ??= configure(DOMPurify(window));
  return purifier;
}

function configure(p: ReturnType<typeof DOMPurify>): ReturnType<typeof DOMPurify> {
  p.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'src']) {
      const value = node.getAttribute(name);
      if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(name);
    }
    // A link that opens a new tab must not hand the opener to the other page.
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank')
      node.setAttribute('rel', 'noopener noreferrer');
  });
  return p;
}

export function sanitizeHtml(html: string, win?: WindowLike): string {
  return instance(win).sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
