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

/** The face item of a face message's `index` (pack) and `data` (`p<pack>/<codepoint>`), or undefined. */
export function faceOf(packs: readonly (readonly { key: string; url: string }[])[], index: unknown, data: unknown) {
  const pack = typeof index === 'number' ? packs[index] : undefined;
  return typeof data === 'string' ? pack?.find((f) => f.key === data) : undefined;
}

/** Face (sticker) message: the pack's image shown large (KUPL9); an unknown face shows '[表情]'. */
export function FaceContent({ item }: ContentProps) {
  const t = useT();
  const p = (item.payload ?? {}) as { index?: unknown; data?: unknown };
  const packs = facePacks.use(true);
  const face = packs ? faceOf(packs, p.index, p.data) : undefined;
  if (!face) return <p className="pc-text pc-text--muted">[{t('rich.face')}]</p>;
  return <img className="pc-face" src={face.url} alt={t('rich.face')} width={96} height={96} />;
}
