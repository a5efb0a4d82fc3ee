import type { conversationsPart } from '../conversation-list/conversations-part.ts';
import { asFailure } from '../provider/chat-port.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { errorText } from '../toast/error-text.ts';
import { type PinPort, PinStore } from './pin-store.ts';

type Needs = KitBase & AddsOf<typeof conversationsPart>;

/** Pinned group messages (decision 0041): the open group's pins for the bar above its messages. */
export const pinsPart = kitPart({
  name: 'pins',
  build(kit: Needs) {
    const chat = kit.chat as Needs['chat'] & PinPort;
    // PIN10: a refusal is a toast that says why (a member's menu has no Pin, but a role may change meanwhile).
    const refused = (err: unknown) => {
      const failure = asFailure(err);
      const key = failure.code === 10007 ? 'pins.refused' : failure.code === 10004 ? 'pins.refusedLimit' : null;
      kit.toasts.error(key ? kit.t(key) : errorText(failure, kit.t));
    };
    return { pins: new PinStore(chat, kit.current, refused) };
  },
  attach: (kit) => [kit.pins.attach()],
});
