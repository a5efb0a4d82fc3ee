import type { conversationsPart } from '../conversation-list/conversations-part.ts';
import type { groupsPart } from '../group/groups-part.ts';
import { peerOf, TYPES } from '../provider/chat-port.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { ContactsKit } from './contacts-kit.ts';

type Needs = KitBase & AddsOf<typeof conversationsPart> & AddsOf<typeof groupsPart>;

/** Friends, groups, blocklist, own profile, online dots, the home tab and the profile card. */
export const contactsPart = kitPart({
  name: 'contacts',
  build: (kit: Needs) => ({
    contacts: new ContactsKit({
      chat: kit.chat,
      groupPort: kit.groupPort,
      groups: kit.groupIDs.roster,
      t: (key, options) => kit.t(key, options),
      toast: (text) => kit.toasts.error(text),
      openConversation: (id) => kit.open(id),
      openSystem: () => kit.system.open(),
      did: kit.deeds.report,
    }),
  }),
  attach: (kit) => [
    kit.contacts.attach(),
    // Online dots of one-to-one rows and the chat header (KCNT12).
    kit.conversations.subscribe(() =>
      kit.contacts.friends.watch(
        kit.conversations
          .getSnapshot()
          .list.filter((c) => c.type === TYPES.CONV_C2C)
          .map((c) => peerOf(c.conversationID)),
      ),
    ),
  ],
});
