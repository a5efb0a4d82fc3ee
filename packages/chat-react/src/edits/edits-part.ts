import type { messagesPart } from '../message-list/messages-part.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { failOrLog } from '../actions/fail-or-log.ts';
import { EditStore } from './edit-store.ts';

type Needs = KitBase & AddsOf<typeof messagesPart>;

/** Edited messages (decision 0046): the Edit item, the editing bar, the Edited mark and its versions. */
export const editsPart = kitPart({
  name: 'edits',
  build(kit: Needs) {
    return {
      edits: new EditStore({
        chat: kit.chat,
        original: (ID) => kit.messages.original(ID),
        saved: (message) => kit.messages.receive([message]),
        fail: (err) => failOrLog(err, (e) => kit.reportError(e)),
      }),
    };
  },
  attach: (kit) => [kit.edits.attach()],
});
