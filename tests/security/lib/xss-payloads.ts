/**
 * XSS vectors. Each calls `__xss(n)` with a number unique to its field and vector, so a hit names both. Markup,
 * attribute breakouts, URL schemes and template-injection forms, each short enough for a 64-character nick.
 */
export function vectors(n: number): string[] {
  const f = `__xss(${n})`;
  return [
    `<img src=x onerror=${f}>`,
    `<svg onload=${f}>`,
    `"><script>${f}</script>`,
    `javascript:${f}`,
    `<a href="javascript:${f}">x</a>`,
    `<iframe srcdoc="<script>parent.${f}</script>">`,
    `{{constructor.constructor('${f}')()}}`,
    `[x](javascript:${f})`,
    `<details open ontoggle=${f}>`,
    `'-${f}-'`,
    `</textarea><img src=x onerror=${f}>`,
    `<style onload=${f}></style>`,
    `" onmouseover="${f}" x="`,
  ];
}

export const VECTOR_COUNT = vectors(0).length;

/** Avatars a user might try: every one must be refused by the server (only presets or uploads, decision 0008). */
export function hostileAvatars(n: number): string[] {
  // The third-party URL goes last: if every one is accepted, it stays set and the browser shows the fetch too.
  return [
    '//other.example/pixel.png',
    '/\\other.example/x.png',
    '/\t/other.example/x.png',
    `javascript:__xss(${n})`,
    `"><img src=x onerror=__xss(${n + 1})>`,
    'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="__xss(0)"/>',
    'https://other.example/pixel.png',
  ];
}

/** `?redirect=` values that leave the site (decision 0008); after login the browser must stay on our origin. */
export const HOSTILE_REDIRECTS = [
  '%2F%09%2Fother.example',
  '%2F%2Fother.example',
  'https%3A%2F%2Fother.example',
  '%2F%5Cother.example',
  '%2F%5C%2Fother.example',
  '%2F%0A%2Fother.example',
  'javascript%3A__xss(9999)',
];
