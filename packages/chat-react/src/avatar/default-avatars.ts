/**
 * Default avatars shipped inside the kit (GUIDE: nothing loads from a third-party host): a head-and-shoulders figure
 * on one of six calm colours, picked by a hash of the user ID so a person keeps one colour everywhere.
 */
const COLORS = ['#5b8def', '#36a58f', '#e58e3c', '#9b6fd6', '#d9607a', '#4aa3c9'] as const;

function svg(color: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">',
    `<rect width="64" height="64" fill="${color}"/>`,
    '<circle cx="32" cy="25" r="11" fill="#fff" fill-opacity=".92"/>',
    '<path d="M12 58c2-11 10-17 20-17s18 6 20 17z" fill="#fff" fill-opacity=".92"/>',
    '</svg>',
  ].join('');
}

export const DEFAULT_AVATARS: readonly string[] = COLORS.map(
  (color) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg(color))}`,
);

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (Math.imul(h, 31) + text.charCodeAt(i)) >>> 0;
  return h;
}

export function defaultAvatar(id: string): string {
  return DEFAULT_AVATARS[hash(id) % DEFAULT_AVATARS.length] ?? (DEFAULT_AVATARS[0] as string);
}

/**
 * Only same-origin paths and http(s) URLs are used as image sources (GUIDE §4); anything else gets the default, and
 * so does `url` once it has failed to load (`failed`: a dead host, or a content-security policy that refuses it,
 * decision 0019), so a broken image never shows (KCNT11).
 */
export function avatarSource(url: string | undefined, id: string, failed?: string): string {
  if (url && url === failed) return defaultAvatar(id);
  if (url?.startsWith('/') && !url.startsWith('//')) return url;
  if (url && /^https?:\/\//i.test(url)) return url;
  return defaultAvatar(id);
}
