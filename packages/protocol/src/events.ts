import type { ActionPushEvent } from './actions/events.ts';
import type { CallPushEvent } from './calls/events.ts';
import type { ContactPushEvent } from './contacts/schemas.ts';
import type { ConversationGroupPushEvent } from './conversation-groups/schemas.ts';
import type { GroupPushEvent } from './groups/events.ts';
import type { NodeEvent } from './node-events.ts';
import type { PinPushEvent } from './pins/schemas.ts';
import type { CorePushEvent } from './schemas/core-events.ts';

/**
 * Every event the server pushes inside `{type: 'event', event}` frames, assembled from each feature's own union
 * (GUIDE §5.2; decision 0029). A feature with new events adds its union here and its types to PUSH_EVENT_TYPES;
 * the SDK's feature registry then fails to compile until some feature handles them.
 */
export type PushEvent =
  | CorePushEvent
  | GroupPushEvent
  | ActionPushEvent
  | ContactPushEvent
  | PinPushEvent
  | CallPushEvent
  | ConversationGroupPushEvent;

export type PushEventType = PushEvent['type'];

/** The event of one type, e.g. `PushEventOf<'group.changed'>`. */
export type PushEventOf<T extends PushEventType> = Extract<PushEvent, { type: T }>;

/** Every push event type at run time; the check below makes a type missing from this list a compile error. */
export const PUSH_EVENT_TYPES = [
  'message.new',
  'message.online',
  'conversation.changed',
  'message.peer-read',
  'profile.updated',
  'group.changed',
  'group.attributes',
  'group.read-receipt',
  'group.application-handled',
  'message.changed',
  'message.deleted',
  'message.reactions',
  'message.receipt',
  'friend.changed',
  'friend.application-changed',
  'friend.groups-changed',
  'blacklist.changed',
  'user.status',
  'group.message-pinned',
  // Calls signalling (decision 0038)
  'call.signal',
  'call.media',
  // Conversation groups (decision 0049)
  'conversation.groups-changed',
] as const satisfies readonly PushEventType[];

type Unlisted = Exclude<PushEventType, (typeof PUSH_EVENT_TYPES)[number]>;
/** Compiles only while every push event type is listed above (the type names the missing ones). */
export const PUSH_EVENT_TYPES_COMPLETE: [Unlisted] extends [never] ? true : Unlisted = true;

/**
 * What the server's event bus carries: every push event, and the events server nodes send one another (never
 * pushed to a client). Publishers and subscribers are typed by it, so an event of an unknown shape does not compile.
 */
export type BusEvent = PushEvent | NodeEvent;

export type BusEventType = BusEvent['type'];
