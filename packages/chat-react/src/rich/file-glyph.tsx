import type { FileIcon } from './rich-rules.ts';

/** The short label each file type's icon carries (seed 000 §5's ten kinds), readable without colour (UI29). */
export const FILE_GLYPH_LABEL: Record<FileIcon, string> = {
  image: 'IMG',
  pdf: 'PDF',
  text: 'TXT',
  ppt: 'PPT',
  presentation: 'KEY',
  sheet: 'XLS',
  zip: 'ZIP',
  word: 'DOC',
  video: 'VID',
  unknown: '?',
};

/**
 * A file type's icon: a page with a folded corner, a small pictogram and the type's label, drawn in the card's
 * own SVG (no third-party host) over the type's colour token; the page's ink is the token's text colour, so it
 * reads in the light and the dark theme alike.
 */
export function FileGlyph({ kind }: { kind: FileIcon }) {
  return (
    <span className={`pc-file__icon pc-file__icon--${kind}`} aria-hidden="true" data-glyph={kind}>
      <svg className="pc-file__glyph" viewBox="0 0 28 34" focusable="false" aria-hidden="true">
        <path d="M19 0v6a3 3 0 0 0 3 3h6z" className="pc-file__fold" />
        <Pictogram kind={kind} />
        <text x="14" y="29" textAnchor="middle" className="pc-file__label">
          {FILE_GLYPH_LABEL[kind]}
        </text>
      </svg>
    </span>
  );
}

/** A pictogram per family of types, in the upper half of the page. */
function Pictogram({ kind }: { kind: FileIcon }) {
  switch (kind) {
    case 'image':
      return <path d="M6 18l5-6 4 4 3-2 4 4z" className="pc-file__ink" />;
    case 'video':
      return <path d="M11 9v10l8-5z" className="pc-file__ink" />;
    case 'zip':
      return <path d="M13 4h2v2h-2zm0 4h2v2h-2zm0 4h2v2h-2zm-1 4h4v4h-4z" className="pc-file__ink" />;
    case 'sheet':
      return <path d="M6 9h16v11H6zm1 1v3h6v-3zm7 0v3h7v-3zm-7 4v5h6v-5zm7 0v5h7v-5z" className="pc-file__ink" />;
    case 'ppt':
    case 'presentation':
      return <path d="M6 9h16v10H6zm2 2v6h12v-6zm1 5l3-3 2 2 2-2 2 3z" className="pc-file__ink" />;
    case 'unknown':
      return null;
    default:
      // pdf, word, text: lines of text.
      return <path d="M6 10h12v2H6zm0 4h16v2H6zm0 4h14v2H6z" className="pc-file__ink" />;
  }
}
