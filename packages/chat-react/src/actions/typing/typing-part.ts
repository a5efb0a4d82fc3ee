import type { messagesPart } from '../../message-list/messages-part.ts';
import { type AddsOf, type KitBase, kitPart } from '../../provider/kit-part.ts';
import { TypingStore } from './typing-store.ts';

/** 'Typing…' in the open one-to-one chat, both ways. */
export const typingPart = kitPart({
  name: 'typing',
  build: (kit: KitBase & AddsOf<typeof messagesPart>) => ({ typing: new TypingStore(kit.chat, kit.messages) }),
  attach: (kit) => [kit.typing.attach()],
});
