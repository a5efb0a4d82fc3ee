import type { WireMessage } from './message.ts';
import type { Profile } from './profile.ts';

/**
 * The core's push events: messages, conversations and profiles. Push is a hint (GUIDE §3.4): a client that misses
 * one converges by sync (conversations `since`, messages `afterSeq`). Every feature's events, these included, are
 * assembled into `PushEvent` in events.ts.
 */
export type CorePushEvent =
  /** A stored message, to both sides (the sender's other tabs and devices too). */
  | { type: 'message.new'; message: WireMessage }
  /** An online-only message (typing): never stored. */
  | { type: 'message.online'; message: WireMessage }
  /** My conversation row changed (pin, remind type, read, delete): fetch `since` my last version. */
  | { type: 'conversation.changed'; conversationID: string; syncVersion: number }
  /** The peer read my messages up to `peerReadSequence`; `conversationID` is as I see it. */
  | { type: 'message.peer-read'; conversationID: string; peerReadSequence: number }
  | { type: 'profile.updated'; profile: Profile };
