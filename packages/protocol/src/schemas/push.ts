import { type Static, Type } from 'typebox';
import type { PushEvent } from '../events.ts';
import { SendMessageSchema, type WireMessage } from './message.ts';

/** Frames from server to client. */
export type ServerFrame =
  | { type: 'hello'; userID: string; serverTime: number; protocol: number }
  | { type: 'event'; event: PushEvent }
  | { type: 'ping' }
  | { type: 'pong' }
  /**
   * The answer to one `send` frame (protocol 2), after the commit: the stored message, or the error of the
   * catalogue (`retryAfter` in seconds on 60007). `ref` echoes the frame's `ref`.
   */
  | { type: 'ack'; ref: string; message: WireMessage }
  | { type: 'ack'; ref: string; error: { code: number; message: string; retryAfter?: number } }
  /** Sent before the server closes the socket because the session ended (e.g. userSig expired). */
  | { type: 'kicked'; reason: 'userSigExpired' | 'multipleAccount' | 'multipleDevice' | 'REST_API_Kick' };

/**
 * A message sent on the push socket (protocol 2; rules WS7–WS10): the body of `POST /api/v1/messages` in
 * `message`, with the same validation and rules, and a client-chosen `ref` (the message ID will do) that the
 * `ack` echoes. Protocol history: 1 = push only (sends over HTTP); 2 = `send`/`ack` frames on the socket.
 */
export const SendFrameSchema = Type.Object(
  {
    type: Type.Literal('send'),
    ref: Type.String({ minLength: 1, maxLength: 128 }),
    message: SendMessageSchema,
  },
  { additionalProperties: false },
);
export type SendFrame = Static<typeof SendFrameSchema>;

/** Frames from client to server. */
export type ClientFrame = { type: 'ping' } | { type: 'pong' } | SendFrame;

/** The first protocol version whose server accepts `send` frames; older servers are sent to over HTTP. */
export const SEND_FRAME_PROTOCOL = 2;

export const WS = {
  path: '/ws',
  /** Client pings this often; the server pings (protocol-level) on the same period. */
  heartbeatMs: 25_000,
  /** No frame from a peer for this long: the connection is dead. */
  deadAfterMs: 60_000,
  maxFrameBytes: 64 * 1024,
  /**
   * Frames a client may send per 10 s before it is disconnected (1008). Accepted `send` frames are not
   * counted: the per-user send rate limit bounds them (WS9).
   */
  maxFramesPer10s: 200,
  /** `send` frames of one socket waiting for their ack; past this a send is answered 60007 at once (WS9). */
  maxPendingSends: 256,
  /** Bytes queued to a slow client before it is disconnected (1013). */
  maxQueuedBytes: 1024 * 1024,
  close: { goingAway: 1001, policy: 1008, tooBig: 1009, tryAgain: 1013, sessionEnded: 4001 },
} as const;
