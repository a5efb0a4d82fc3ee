import type { Profile } from './profile.ts';
import type { WireMessage } from './message.ts';

/**
 * Events pushed on the WebSocket inside `{type: 'event', event}` frames. Push is a hint (GUIDE §3.4):
 * a client that misses one converges by sync (conversations `since`, messages `afterSeq`).
 */
export type PushEvent =
  /** A stored message, to both sides (the sender's other tabs and devices too). */
  | { type: 'message.new'; message: WireMessage }
  /** An online-only message (typing): never stored. */
  | { type: 'message.online'; message: WireMessage }
  /** My conversation row changed (pin, remind type, read, delete): fetch `since` my last version. */
  | { type: 'conversation.changed'; conversationID: string; syncVersion: number }
  /** The peer read my messages up to `peerReadSequence`; `conversationID` is as I see it. */
  | { type: 'message.peer-read'; conversationID: string; peerReadSequence: number }
  | { type: 'profile.updated'; profile: Profile };

/** Frames from server to client. */
export type ServerFrame =
  | { type: 'hello'; userID: string; serverTime: number; protocol: number }
  | { type: 'event'; event: PushEvent }
  | { type: 'ping' }
  | { type: 'pong' }
  /** Sent before the server closes the socket because the session ended (e.g. userSig expired). */
  | { type: 'kicked'; reason: 'userSigExpired' | 'multipleAccount' | 'multipleDevice' | 'REST_API_Kick' };

/** Frames from client to server. */
export type ClientFrame = { type: 'ping' } | { type: 'pong' };

export const WS = {
  path: '/ws',
  /** Client pings this often; the server pings (protocol-level) on the same period. */
  heartbeatMs: 25_000,
  /** No frame from a peer for this long: the connection is dead. */
  deadAfterMs: 60_000,
  maxFrameBytes: 64 * 1024,
  /** Frames a client may send per 10 s before it is disconnected (1008). */
  maxFramesPer10s: 200,
  /** Bytes queued to a slow client before it is disconnected (1013). */
  maxQueuedBytes: 1024 * 1024,
  close: { goingAway: 1001, policy: 1008, tooBig: 1009, tryAgain: 1013, sessionEnded: 4001 },
} as const;
