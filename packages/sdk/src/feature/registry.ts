import type { PushEventType } from '@parley/protocol';
import { actionsFeature } from '../actions/action-facade.ts';
import { authFeature } from '../auth/auth-facade.ts';
import { compatFeature } from '../compat/compat-facade.ts';
import { contactsFeature } from '../contacts/contact-facade.ts';
import { friendGroupsFeature } from '../contacts/friend-groups.ts';
import { conversationsFeature } from '../conversation/conversation-facade.ts';
import { experimentalFeature } from '../experimental/experimental-facade.ts';
import { groupsFeature } from '../group/group-facade.ts';
import { mediaFeature } from '../media/media-facade.ts';
import { messagesFeature } from '../message/message-facade.ts';
import { profileFeature } from '../profile/profile-facade.ts';
import { searchFeature } from '../search/search-facade.ts';
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
  messagesFeature,
  mediaFeature,
  groupsFeature,
  actionsFeature,
  contactsFeature,
  friendGroupsFeature,
  searchFeature,
  experimentalFeature,
  compatFeature,
] as const;

type Unhandled = Exclude<PushEventType, HandledBy<(typeof FEATURES)[number]>>;
/** Compiles only while some feature handles every push event type (the type names the unhandled ones). */
export const EVERY_PUSH_EVENT_HANDLED: [Unhandled] extends [never] ? true : Unhandled = true;
