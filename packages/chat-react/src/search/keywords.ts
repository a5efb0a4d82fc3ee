/**
 * A search query's keywords and a text's matching segments (SRCH49): plain strings, never patterns. Kept apart from
 * the component that draws them, so the search store does not reach a component module (decision 0030).
 */

export interface Segment {
  text: string;
  match: boolean;
}

/** The query's keywords: words separated by spaces, at most 5 (the server's limit, SRCH7), longest first. */
export function keywordsOf(query: string): string[] {
  const words = [
    ...new Set(
      query
        .trim()
        .split(/\s+/u)
        .filter((w) => w !== ''),
    ),
  ].slice(0, 5);
  return words.sort((a, b) => b.length - a.length);
}

/** Splits `text` into matching and other segments; matching ignores case. */
export function segments(text: string, keywords: readonly string[]): Segment[] {
  // Lower-casing that changes a text's length (a few scripts do) would move the marks: such a text matches as written.
  const folded = text.toLowerCase();
  const lower = folded.length === text.length ? folded : text;
  const words = keywords.map((k) => k.toLowerCase()).filter((k) => k !== '');
  const out: Segment[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const word = words.find((w) => lower.startsWith(w, i));
    if (word) {
      if (plain) out.push({ text: plain, match: false });
      plain = '';
      out.push({ text: text.slice(i, i + word.length), match: true });
      i += word.length;
    } else {
      plain += text[i];
      i += 1;
    }
  }
  if (plain) out.push({ text: plain, match: false });
  return out;
}
