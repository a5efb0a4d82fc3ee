import { useT } from '../hooks/use-t.ts';
import type { ContentProps } from '../message-list/content-props.ts';
import { textOf } from '../message-list/message-item.ts';
import { emojiCode, emojiUrls, facePacks, hasEmoji, splitEmoji } from './emoji.ts';

/**
 * A text message: plain text escaped by React, each known emoji code (`[微笑]`) as its image with the code as its
 * alternative text, so copying or a screen reader gives the code (KUPL7). Until the images load, the codes show.
 */
export function EmojiTextContent({ item }: ContentProps) {
  const text = textOf(item.payload) ?? '';
  const wanted = hasEmoji(text);
  const urls = emojiUrls.use(wanted);
  if (!wanted || !urls) return <p className="pc-text">{text}</p>;
  let offset = 0;
  return (
    <p className="pc-text">
      {splitEmoji(text).map((part) => {
        const key = offset;
        offset += typeof part === 'string' ? part.length : part.emoji.length + 2;
        if (typeof part === 'string') return part;
        const url = urls[part.emoji];
        const code = emojiCode(part.emoji);
        return url ? <img key={key} className="pc-emoji" src={url} alt={code} title={code} /> : code;
      })}
    </p>
  );
}

/**
 * Tencent's sticker packs as other clients (TUIKit) send them: `data` is the face's name, `yz00@2x`, `ys03`,
 * `gcs16@2x.png`. Parley draws the three it knows with its own pack of the same size and position (yz: pack 1 of
 * 18, ys: pack 2 of 16, gcs: pack 3 of 17); nothing is fetched from Tencent's host (UI28).
 */
const TENCENT_PACKS: Readonly<Record<string, number>> = { yz: 0, ys: 1, gcs: 2 };
const FACE_NAME = /^([a-z]{1,8})(\d{2,3})(?:@\dx)?(?:\.png)?$/i;

/** The name another client gave a face (`yz00` of `yz00@2x`), or undefined when `data` is no such name. */
export function foreignFaceName(data: unknown): string | undefined {
  const match = typeof data === 'string' ? FACE_NAME.exec(data) : null;
  return match ? `${match[1]}${match[2]}`.toLowerCase() : undefined;
}

/** The face item of a face message's `index` (pack) and `data` (`p<pack>/<codepoint>`, or a Tencent face name). */
export function faceOf(packs: readonly (readonly { key: string; url: string }[])[], index: unknown, data: unknown) {
  const pack = typeof index === 'number' ? packs[index] : undefined;
  const own = typeof data === 'string' ? pack?.find((f) => f.key === data) : undefined;
  if (own) return own;
  const name = foreignFaceName(data);
  const match = name ? /^([a-z]+)(\d+)$/.exec(name) : null;
  const at = match ? TENCENT_PACKS[match[1] as string] : undefined;
  return at === undefined ? undefined : packs[at]?.[Number(match?.[2])];
}

/**
 * Face (sticker) message: the pack's image shown large (KUPL9). A face from another client is drawn by its name
 * (UI28): Parley's own stand-in for a known Tencent pack, else a placeholder that names it. Anything else '[表情]'.
 */
export function FaceContent({ item }: ContentProps) {
  const t = useT();
  const p = (item.payload ?? {}) as { index?: unknown; data?: unknown };
  const packs = facePacks.use(true);
  const face = packs ? faceOf(packs, p.index, p.data) : undefined;
  const name = foreignFaceName(p.data);
  const label = name ? t('rich.faceNamed', { name }) : t('rich.face');
  if (face) return <img className="pc-face" src={face.url} alt={label} title={name} width={96} height={96} />;
  if (!name) return <p className="pc-text pc-text--muted">[{t('rich.face')}]</p>;
  return (
    <span className="pc-face pc-face--named" role="img" aria-label={label} title={name} data-testid="face-placeholder">
      <svg className="pc-face__glyph" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <circle cx="9" cy="10" r="1.2" fill="currentColor" />
        <circle cx="15" cy="10" r="1.2" fill="currentColor" />
        <path d="M8.5 14.5q3.5 3 7 0" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span className="pc-face__name">{name}</span>
    </span>
  );
}
