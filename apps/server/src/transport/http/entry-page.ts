import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The chat routes' lazily loaded page, as Vite's build manifest names it (apps/web/src/app.tsx imports it). */
export const CHAT_CHUNK = 'src/pages/chat-page.tsx';
/** The routes whose first screen is the chat: their entry page preloads it and carries the first list page. */
export const CHAT_PAGES: readonly string[] = ['/chat', '/user_chat', '/cuser_chat'];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(webDir: string): Manifest | undefined {
  const path = join(webDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return undefined;
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof value === 'object' && value !== null ? (value as Manifest) : undefined;
  } catch {
    return undefined;
  }
}

/** A chunk and every chunk it imports statically, each once. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, into);
  return into;
}

/**
 * The `<meta>` the web app reads its style nonce from (apps/web/src/csp-nonce.ts; rule HDR1, decision 0008). Vite's
 * convention (`property="csp-nonce"`, the value in a `nonce` attribute): browsers hide a nonce attribute's value from
 * the DOM and from CSS selectors, so injected CSS cannot read it out; scripts read the element's `nonce` property.
 */
export const NONCE_META = 'csp-nonce';

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * `<link>` tags for the chat chunk and what it imports beyond the entry (which index.html already lists), from
 * the build manifest (decision 0009): the browser fetches them together with the entry script instead of one
 * round trip after it. Its stylesheets are linked too: Vite's loader finds them present and does not wait for
 * them again. Empty when there is no manifest (a development build): the page still works, one round trip slower.
 */
export function chatPreloadTags(webDir: string): string {
  const manifest = readManifest(webDir);
  if (!manifest?.[CHAT_CHUNK]) return '';
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = new Set<string>();
  for (const entry of entries) closure(manifest, entry, loaded);
  const tags: string[] = [];
  const css = new Set<string>();
  for (const key of closure(manifest, CHAT_CHUNK)) {
    const chunk = manifest[key];
    if (!chunk || loaded.has(key)) continue;
    tags.push(`<link rel="modulepreload" crossorigin href="/${attr(chunk.file)}">`);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  for (const sheet of css) tags.push(`<link rel="stylesheet" crossorigin href="/${attr(sheet)}">`);
  return tags.join('');
}

/** The entry page's nonce for the web app. Base64 needs no escaping in an attribute; `attr` is belt and braces. */
export function nonceMetaTag(nonce: string): string {
  return `<meta property="${NONCE_META}" nonce="${attr(nonce)}">`;
}
