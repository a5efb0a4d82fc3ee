import type { Profile } from '@parley/protocol';
import { EVENT } from './constants/events.ts';
import type { KickedOutType, NetState } from './constants/types.ts';
import type { Conversation } from './conversation/conversation.ts';
import type { ChatError } from './core/errors.ts';
import type { FetchLike } from './core/http.ts';
import type { Timing } from './core/timing.ts';
import type { Message } from './message/message.ts';
import type { WebSocketConstructor } from './transport/ws.ts';

/** Options of `TencentCloudChat.create` (reference §2.1) plus Parley's own. */
export interface CreateOptions {
  /** Required; a string is parsed. Unparsable → create returns null, as in TIM. */
  SDKAppID: number | string;
  /** Where the Parley server runs; defaults to the page's origin (`location.origin`). */
  serverURL?: string;
  /** Replaces the global fetch, for tests and for runtimes without one. */
  fetch?: FetchLike;
  /**
   * A WebSocket class with the browser API, for runtimes without a global one (Node 20: `import WebSocket from
   * 'ws'`). Without any, the SDK works over HTTP alone and learns of new messages only when it syncs.
   */
  WebSocket?: WebSocketConstructor;
  /** Shorter delays for tests (reconnect backoff, heartbeats, event coalescing); see `Timing`. */
  timing?: Partial<Timing>;
  /** TIM options that have no meaning on a self-hosted server are accepted so existing code still compiles. */
  [option: string]: unknown;
}

/** Payloads of the events this version emits; every other event's data is `unknown` until it is implemented. */
export interface EventDataMap {
  [EVENT.SDK_READY]: undefined;
  [EVENT.SDK_NOT_READY]: undefined;
  [EVENT.SDK_DESTROY]: { SDKAppID: number };
  [EVENT.MESSAGE_RECEIVED]: Message[];
  [EVENT.MESSAGE_READ_BY_PEER]: Message[];
  [EVENT.CONVERSATION_LIST_UPDATED]: Conversation[];
  [EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED]: number;
  [EVENT.PROFILE_UPDATED]: Profile[];
  [EVENT.NET_STATE_CHANGE]: { state: NetState };
  [EVENT.KICKED_OUT]: { type: KickedOutType };
  [EVENT.ERROR]: ChatError;
}

export type EventData<K extends string> = K extends keyof EventDataMap ? EventDataMap[K] : unknown;
