import type { ContactPushEvent } from '@parley/protocol';
import { type Emit, userTopic } from '../context.ts';

type EventOf<T extends ContactPushEvent['type']> = Extract<ContactPushEvent, { type: T }>;

/** Contact events go to the users' own topics (every device of theirs); all leave after the commit (EV1). */
export function emitTo(emit: Emit, userIDs: Iterable<string>, event: ContactPushEvent): void {
  for (const id of new Set(userIDs)) emit(userTopic(id), event);
}

export const friendChanged: EventOf<'friend.changed'> = { type: 'friend.changed' };
export const applicationChanged: EventOf<'friend.application-changed'> = { type: 'friend.application-changed' };
