import { conversationGroupsPart } from '../conversation-groups/conversation-groups-part.ts';
import { commandsPart } from '../actions/commands/commands-part.ts';
import { callsPart } from '../calls/calls-part.ts';
import { featuresPart } from '../actions/features-part.ts';
import { settingsPart } from '../actions/settings/settings-part.ts';
import { typingPart } from '../actions/typing/typing-part.ts';
import { contactsPart } from '../contacts/contacts-part.ts';
import { draftsPart } from '../drafts/drafts-part.ts';
import { pinsPart } from '../pins/pins-part.ts';
import { conversationsPart } from '../conversation-list/conversations-part.ts';
import { groupsPart } from '../group/groups-part.ts';
import { locationPart } from '../location/location-part.ts';
import { messagesPart } from '../message-list/messages-part.ts';
import { namesPart } from '../names/names-part.ts';
import { networkPart } from '../network/network-part.ts';
// Edited messages (decision 0046)
import { editsPart } from '../edits/edits-part.ts';
// Search (SRCH48–SRCH55)
import { searchPart } from '../search/search-part.ts';
// Demo mode's tasks (decision 0054)
import { demoPart } from '../demo/demo-part.ts';
// Personal data: the archive and account deletion (decision 0051)
import { personalDataPart } from '../personal-data/personal-data-part.ts';
import type { Assembled, KitBase, PartsCheck } from './kit-part.ts';

/**
 * Every feature of the kit, in the order they are built and attached (decision 0030). A feature is added here with
 * one line; a part that needs another comes after it, and the check below fails to compile otherwise.
 */
export const KIT_PARTS = [
  namesPart,
  networkPart,
  conversationsPart,
  // Conversation groups (decision 0049)
  conversationGroupsPart,
  draftsPart,
  pinsPart,
  messagesPart,
  groupsPart,
  commandsPart,
  typingPart,
  contactsPart,
  featuresPart,
  settingsPart,
  locationPart,
  // Calls: media and UI (decision 0039)
  callsPart,
  // Edited messages (decision 0046)
  editsPart,
  // Search (SRCH48–SRCH55)
  searchPart,
  // Demo mode's tasks (decision 0054)
  demoPart,
  // Personal data: the archive and account deletion (decision 0051)
  personalDataPart,
] as const;

/** Everything the parts add to the kit. */
export type KitParts = Assembled<typeof KIT_PARTS, unknown>;

// Compile-time: every part finds what it needs before it, and no two parts add the same name.
const partsInOrder: PartsCheck<typeof KIT_PARTS, KitBase> = true;
void partsInOrder;
