/**
 * Where the login page may send the visitor afterwards: only a path on this site (rule SES10). An open redirect
 * to another origin would make the login page a phishing aid. The value is resolved the way the browser will
 * resolve it (URL parsing drops tabs and newlines, turns `\` into `/`), and only a same-origin result passes.
 */
export function safeRedirect(
  value: string | null,
  origin: string = globalThis.location?.origin ?? 'http://localhost',
): string {
  // Control characters (the URL parser drops some of them) and backslashes (it reads them as slashes): refuse.
  if (!value?.startsWith('/') || [...value].some((c) => c <= ' ' || c === '\u007f' || c === '\\')) return '/';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? '/' : path;
}
