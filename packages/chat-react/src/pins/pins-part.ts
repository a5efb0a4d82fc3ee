import type { conversationsPart } from '../conversation-list/conversations-part.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { type PinPort, PinStore } from './pin-store.ts';

type Needs = KitBase & AddsOf<typeof conversationsPart>;

/** Pinned group messages (decision 0041): the open group's pins for the bar above its messages. */
export const pinsPart = kitPart({
  name: 'pins',
  build(kit: Needs) {
    const chat = kit.chat as Needs['chat'] & PinPort;
    return { pins: new PinStore(chat, kit.current, (err) => kit.reportError(err)) };
  },
  attach: (kit) => [kit.pins.attach()],
});
