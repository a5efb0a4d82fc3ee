/**
 * Server-side prohibited-content filter (rule MOD1). Matching is case-insensitive and ignores
 * whitespace and common separators inside a phrase, so "刷 单" still matches "刷单". Latin words
 * match on word boundaries only, so a harmless word containing a listed one is not refused.
 */
const SEPARATORS = /[\s\u200b-\u200d\ufeff._*\-|/\\·•]+/g;
const LATIN = /^[a-z0-9 ]+$/;

export class ContentFilter {
  private readonly cjk: string[] = [];
  private readonly latin: RegExp | undefined;

  constructor(words: readonly string[]) {
    const latinWords: string[] = [];
    for (const raw of words) {
      const w = raw.trim().toLowerCase();
      if (!w || w.startsWith('#')) continue;
      if (LATIN.test(w)) latinWords.push(w.split(/\s+/).map(escapeRegExp).join('[\\s._*|/\\\\-]*'));
      else this.cjk.push(w.replace(SEPARATORS, ''));
    }
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
