/**
 * Server-side prohibited-content filter (rule MOD1). Matching is case-insensitive and ignores
 * whitespace and common separators inside a phrase, so "刷 单" still matches "刷单". Latin words
 * match on word boundaries only, so a harmless word containing a listed one is not refused.
 */
const SEPARATORS = /[\s\u200b-\u200d\ufeff._*\-|/\\·•]+/g;
const LATIN = /^[a-z0-9 ]+$/;

export class ContentFilter {
  private cjk: string[] = [];
  private latin: RegExp | undefined;

  constructor(words: readonly string[]) {
    this.setWords(words);
  }

  /** Replaces the list in place, so every holder of the filter sees the new one (ADM30: the console edits it live). */
  setWords(words: readonly string[]): void {
    const latinWords: string[] = [];
    const cjk: string[] = [];
    for (const raw of words) {
      const w = raw.trim().toLowerCase();
      if (!w || w.startsWith('#')) continue;
      if (LATIN.test(w)) latinWords.push(w.split(/\s+/).map(escapeRegExp).join('[\\s._*|/\\\\-]*'));
      else cjk.push(w.replace(SEPARATORS, ''));
    }
    this.cjk = cjk;
    this.latin = latinWords.length > 0 ? new RegExp(`\\b(?:${latinWords.join('|')})\\b`, 'i') : undefined;
  }

  /** True when the text contains prohibited content. */
  blocks(text: string): boolean {
    if (!text) return false;
    const lower = text.toLowerCase().normalize('NFKC');
    if (this.latin?.test(lower)) return true;
    const squeezed = lower.replace(SEPARATORS, '');
    return this.cjk.some((w) => squeezed.includes(w));
  }
}

/**
 * Every string a user stored in a message (rule ABU16): the payload's string fields at any depth and
 * `cloudCustomData`, read both as written and, when it is JSON, with its escapes decoded (`\\u5237` is 刷), so no
 * field or encoding carries a prohibited phrase past the filter.
 */
export function storedText(payload: unknown, cloudCustomData?: string): string {
  const parts: string[] = [];
  collectStrings(payload, parts);
  if (cloudCustomData) {
    parts.push(cloudCustomData);
    try {
      collectStrings(JSON.parse(cloudCustomData), parts);
    } catch {
      // Not JSON: the raw string above is all there is.
    }
  }
  return parts.join('\n');
}

function collectStrings(value: unknown, out: string[], depth = 0): void {
  // The 8 KB limit bounds the size; the depth bound keeps a hostile nesting from costing a deep recursion.
  if (depth > 64) return;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out, depth + 1);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      collectStrings(v, out, depth + 1);
    }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Parses a word-list file: one phrase per line, `#` starts a comment. */
export function parseWordList(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}
