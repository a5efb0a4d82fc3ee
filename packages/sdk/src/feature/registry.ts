import type { PushEventType } from '@parley/protocol';
import { actionsFeature } from '../actions/action-facade.ts';
import { authFeature } from '../auth/auth-facade.ts';
import { callsFeature } from '../calls/call-facade.ts';
import { callsMediaFeature } from '../calls-media/calls-media-facade.ts';
import { compatFeature } from '../compat/compat-facade.ts';
import { contactsFeature } from '../contacts/contact-facade.ts';
import { friendGroupsFeature } from '../contacts/friend-groups.ts';
import { conversationsFeature } from '../conversation/conversation-facade.ts';
import { draftsFeature } from '../draft/draft-facade.ts';
import { marksFeature } from '../marks/mark-facade.ts';
// Conversation groups and custom data (decision 0049)
import { conversationGroupsFeature } from '../conversation-groups/conversation-group-facade.ts';
import { experimentalFeature } from '../experimental/experimental-facade.ts';
import { groupsFeature } from '../group/group-facade.ts';
import { mediaFeature } from '../media/media-facade.ts';
import { pinsFeature } from '../pins/pin-facade.ts';
import { messagesFeature } from '../message/message-facade.ts';
import { profileFeature } from '../profile/profile-facade.ts';
import { searchFeature } from '../search/search-facade.ts';
// Edited messages (decision 0046)
import { editsFeature } from '../edits/edit-facade.ts';
// Demo mode's tasks (decision 0054)
import { demoFeature } from '../demo/demo-facade.ts';
// Personal data: the archive and account deletion (decision 0051)
import { personalDataFeature } from '../personal-data/personal-data-facade.ts';
// Message reports (decision 0055)
import { reportsFeature } from '../reports/report-facade.ts';
import type { HandledBy } from './feature.ts';

/**
 * Every feature of the SDK, in the order their parts are built and their lifecycle steps (start, ready, refresh,
 * reset) run. Adding a feature is adding its folder and one line here (decision 0029): ChatSDK's methods, the push
 * dispatch and the lifecycle are assembled from this list (feature/assemble.ts).
 */
export const FEATURES = [
  authFeature,
  profileFeature,
  conversationsFeature,
  draftsFeature,
  // Conversation marks (decision 0043)
  marksFeature,
  // Conversation groups and custom data (decision 0049)
  conversationGroupsFeature,
  messagesFeature,
  mediaFeature,
  groupsFeature,
  pinsFeature,
  actionsFeature,
  contactsFeature,
  friendGroupsFeature,
  searchFeature,
  experimentalFeature,
  // Calls signalling (decision 0038)
  callsFeature,
  // Call media: ICE servers (decision 0039)
  callsMediaFeature,
  // Edited messages: the sender's earlier texts (decision 0046)
  editsFeature,
  // Demo mode's tasks (decision 0054)
  demoFeature,
  // Personal data: the archive and account deletion (decision 0051)
  personalDataFeature,
  // Message reports (decision 0055)
  reportsFeature,
  compatFeature,
] as const;

type Unhandled = Exclude<PushEventType, HandledBy<(typeof FEATURES)[number]>>;
/** Compiles only while some feature handles every push event type (the type names the unhandled ones). */
export const EVERY_PUSH_EVENT_HANDLED: [Unhandled] extends [never] ? true : Unhandled = true;
