import type { Profile, PushEvent } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import type { Emitter } from '../core/emitter.ts';
import { messageFromWire } from '../message/message.ts';
import type { SyncEngine } from './sync-engine.ts';

export interface PushHandlerDeps {
  sync: SyncEngine;
  emitter: Emitter;
  me: () => string;
  /** A profile pushed to this user (their own, changed in another tab); returns false when nothing changed. */
  onProfile: (profile: Profile) => boolean;
  /** Any other event (groups); returns false when nobody knew it. */
  onOther?: (event: { type: string }) => boolean;
}

/** Turns one pushed event into SDK state and events. Runs on the serial queue, in arrival order. */
export function handlePush(event: PushEvent, deps: PushHandlerDeps): void {
  switch (event.type) {
    case 'message.new':
      deps.sync.ingest([event.message]);
      return;
    case 'message.online': {
      // Never stored, so no sequence, no conversation change, no dedupe by sequence: delivered as is (TIM does).
      const message = messageFromWire(event.message, { userID: deps.me() });
      message._onlineOnlyFlag = true;
      deps.emitter.emit(EVENT.MESSAGE_RECEIVED, [message]);
      return;
    }
    case 'conversation.changed':
      if (event.syncVersion > deps.sync.cursor) deps.sync.requestResync();
      return;
    case 'message.peer-read':
      deps.sync.peerRead(event.conversationID, event.peerReadSequence);
      return;
    case 'profile.updated':
      if (deps.onProfile(event.profile)) deps.emitter.emit(EVENT.PROFILE_UPDATED, [event.profile]);
      return;
    default:
      // Unknown events are ignored: a newer server may push what this SDK does not know yet.
      deps.onOther?.(event as { type: string });
      return;
  }
}
