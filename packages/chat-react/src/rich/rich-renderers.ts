import type { ComponentType } from 'react';
import type { ContentProps } from '../message-list/content-props.ts';
import { TYPES } from '../provider/chat-port.ts';
import { LocationContent } from '../location/location-card.tsx';
import { CustomContent, FileContent } from './card-bubbles.tsx';
import { EmojiTextContent, FaceContent } from './emoji-text.tsx';
import { AudioContent, ImageContent, VideoContent } from './media-bubbles.tsx';

/** The rich-message renderers (decision 0016), merged into the message list's table in one place. */
export const RICH_RENDERERS: Record<string, ComponentType<ContentProps>> = {
  // Text with the 142 emoji codes shown as images (KUPL7).
  [TYPES.MSG_TEXT]: EmojiTextContent,
  [TYPES.MSG_IMAGE]: ImageContent,
  [TYPES.MSG_VIDEO]: VideoContent,
  [TYPES.MSG_AUDIO]: AudioContent,
  [TYPES.MSG_FILE]: FileContent,
  [TYPES.MSG_FACE]: FaceContent,
  [TYPES.MSG_LOCATION]: LocationContent,
  [TYPES.MSG_CUSTOM]: CustomContent,
};
