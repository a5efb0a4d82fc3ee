import type { MessageItem } from './message-item.ts';

/**
 * What every message-type renderer takes. Its own module so the renderers (rich/, merged records) and the table that
 * picks among them (message-content.tsx) do not import each other.
 */
export interface ContentProps {
  item: MessageItem;
}
