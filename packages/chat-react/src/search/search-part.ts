import type { featuresPart } from '../actions/features-part.ts';
import type { conversationsPart } from '../conversation-list/conversations-part.ts';
import type { messagesPart } from '../message-list/messages-part.ts';
import { type ChatMessage, TYPES } from '../provider/chat-port.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { SearchStore, searchPortOf } from './search-store.ts';

type Needs = KitBase & AddsOf<typeof conversationsPart> & AddsOf<typeof messagesPart> & AddsOf<typeof featuresPart>;

/**
 * Search (SRCH48–SRCH55): the box over every conversation, the open conversation's search, and what choosing a result
 * does. Without the SDK's cloud search both stores are null and no search shows.
 */
export const searchPart = kitPart({
  name: 'search',
  build(kit: Needs) {
    const port = searchPortOf(kit.chat);
    return {
      search: port ? new SearchStore(port) : null,
      conversationSearch: port ? new SearchStore(port) : null,
      /**
       * SRCH50: a message result opens its conversation at that message, with its neighbours, scrolled into view and
       * highlighted.
       */
      showMessage(message: Pick<ChatMessage, 'ID' | 'conversationID' | 'sequence'>): void {
        const { ID, conversationID, sequence } = message;
        const opening = kit.messages.openAt(conversationID, ID, sequence);
        kit.open(conversationID);
        opening.then((found) => {
          if (found) kit.features.jumps.jump(ID);
          else if (found === false) kit.features.jumpTo(ID);
        });
      },
      showContact(userID: string): void {
        void kit.startC2C(userID);
      },
      showGroup(groupID: string): void {
        kit.open(`${TYPES.CONV_GROUP}${groupID}`);
      },
    };
  },
  attach(kit) {
    const follow = () => kit.conversationSearch?.scope(kit.current.getSnapshot().conversationID);
    follow();
    return [kit.current.subscribe(follow), () => kit.search?.clear(), () => kit.conversationSearch?.clear()];
  },
});
