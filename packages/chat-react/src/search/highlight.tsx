/**
 * Matches shown in <mark> (SRCH49). The text stays text: React escapes every segment, so a message holding markup
 * shows it as characters, never as elements. Keywords are matched as plain strings, never as patterns.
 */

import { segments } from './keywords.ts';

export { keywordsOf, type Segment, segments } from './keywords.ts';

export function Highlighted({ text, keywords }: { text: string; keywords: readonly string[] }) {
  return (
    <>
      {segments(text, keywords).map((s, i) =>
        s.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
          <mark key={i} className="pc-search__mark">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}
