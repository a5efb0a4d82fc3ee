import { useEffect, useState } from 'react';
import { EMOJI_NAMES } from './emoji-names.ts';

export { EMOJI_NAMES };
const KNOWN = new Set(EMOJI_NAMES);
/** Seed 000 §9: the small-emoji tab shows 6 collapsed, the rest on expand. */
export const EMOJI_COLLAPSED = 6;

/** `[微笑]` as written in a text message. */
export const emojiCode = (name: string): string => `[${name}]`;

export type TextPart = string | { emoji: string };

/**
 * A text split into plain runs and emoji codes (KUPL7): only the 142 known names in brackets are codes; anything
 * else in brackets stays text, so `[not an emoji]` and `[[微笑]]`'s outer brackets show as typed.
 */
export function splitEmoji(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[([^[\]\n]{1,8})\]/g)) {
    const name = match[1] ?? '';
    if (!KNOWN.has(name)) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ emoji: name });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Whether a text has any emoji code (a text without one renders without loading the images). */
export const hasEmoji = (text: string): boolean => splitEmoji(text).some((p) => typeof p !== 'string');

/** Inserts `insert` at the selection of `value`, returning the new value and the caret after it. */
export function insertAt(value: string, start: number, end: number, insert: string) {
  const a = Math.max(0, Math.min(start, value.length));
  const b = Math.max(a, Math.min(end, value.length));
  return { value: value.slice(0, a) + insert + value.slice(b), caret: a + insert.length };
}

/**
 * A value loaded once, on first need, as a chunk of its own (the chat's first load stays small): `use(wanted)` gives
 * null until it arrives.
 */
export function lazyValue<T>(load: () => Promise<T>) {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const get = (): Promise<T> => {
    loading ??= load().then((v) => {
      value = v;
      return v;
    });
    return loading;
  };
  const use = (wanted: boolean): T | null => {
    const [state, setState] = useState(value);
    useEffect(() => {
      if (!wanted || state) return;
      let live = true;
      get().then(
        (v) => live && setState(() => v),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [wanted, state]);
    return state;
  };
  return { get, use };
}

/** The emoji images (a text shows its codes until they arrive). */
export const emojiUrls = lazyValue(() => import('./emoji-assets.ts').then((m) => m.EMOJI_URLS));
/** The face packs, with the panel and the face bubbles. */
export const facePacks = lazyValue(() => import('./face-assets.ts').then((m) => m.FACE_PACKS));
