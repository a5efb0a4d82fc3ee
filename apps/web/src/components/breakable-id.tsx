import { Fragment } from 'react';

/**
 * An ID (letters, digits and `_ . @ -`) that may wrap after its separators rather than mid-word, so a long ID on a
 * phone breaks at a sensible point instead of widening the page (UI9). CSS still breaks an unbroken run as a last
 * resort (`.breakable-id`).
 */
export function BreakableId({ value }: { value: string }) {
  const parts = value.split(/(?<=[_.@-])/);
  return (
    <span className="breakable-id">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
