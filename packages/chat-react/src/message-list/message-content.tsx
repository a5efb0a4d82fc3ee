import type { ComponentType } from 'react';
import { useT } from '../hooks/use-t.ts';
import { TYPES } from '../provider/chat-port.ts';
import type { ContentProps } from './content-props.ts';
import { textOf } from './message-item.ts';
// Rich messages (decision 0016)
import { RICH_RENDERERS } from '../rich/rich-renderers.ts';
// Merged records (decision 0015)
import { MergerContent } from '../actions/records/merger-bubble.tsx';

/** Text is rendered as text: React escapes it, so markup in a message shows as the characters typed. */
function TextContent({ item }: ContentProps) {
  return <p className="pc-text">{textOf(item.payload) ?? ''}</p>;
}

/** Seed 000: a type this kit cannot show yet is a neutral line, never a crash. */
export function UnsupportedContent() {
  const t = useT();
  return <p className="pc-text pc-text--muted">{t('message.unsupported')}</p>;
}

/**
 * The renderer of each message type. Later issues add image, file, face, custom and the others here; anything
 * without a renderer falls back to the unsupported line.
 */
const RENDERERS: Record<string, ComponentType<ContentProps>> = {
  [TYPES.MSG_TEXT]: TextContent,
  ...RICH_RENDERERS,
  [TYPES.MSG_MERGER]: MergerContent,
};

export function MessageContent({ item }: ContentProps) {
  const Renderer = RENDERERS[item.type];
  if (!Renderer || (item.type === TYPES.MSG_TEXT && textOf(item.payload) === null)) return <UnsupportedContent />;
  return <Renderer item={item} />;
}
