/** The kit part of the message commands: copy, recall, delete and reactions (decision 0030). */
import type { groupsPart } from '../../group/groups-part.ts';
import type { messagesPart } from '../../message-list/messages-part.ts';
import { type AddsOf, type KitBase, kitPart } from '../../provider/kit-part.ts';
import { actionPortOf } from './action-port.ts';
import { MessageActionsKit } from './message-actions-kit.ts';

type Needs = KitBase & AddsOf<typeof messagesPart> & AddsOf<typeof groupsPart>;

/** The message menu's commands (copy, recall and re-edit, delete for me) and the open conversation's reactions. */
export const commandsPart = kitPart({
  name: 'message actions',
  build: (kit: Needs) => ({
    actions: new MessageActionsKit({
      chat: kit.chat,
      port: actionPortOf(kit.chat),
      messages: kit.messages,
      report: (err) => kit.reportError(err),
      did: kit.deeds.report,
      // Out of the open group: its reactions are not read any more (KGRP20).
      paused: () => kit.group.getSnapshot().status === 'left',
    }),
  }),
  attach: (kit) => [kit.actions.attach()],
});
