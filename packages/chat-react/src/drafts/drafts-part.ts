import type { conversationsPart } from '../conversation-list/conversations-part.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { DraftKeeper } from './draft-keeper.ts';

type Needs = KitBase & AddsOf<typeof conversationsPart>;

/** Drafts kept on the server (decision 0041): the input restores and saves them through `kit.drafts`. */
export const draftsPart = kitPart({
  name: 'drafts',
  build(kit: Needs) {
    return { drafts: new DraftKeeper(kit.chat, (id) => kit.conversations.find(id)) };
  },
});
