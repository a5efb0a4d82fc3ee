import type { Profile } from '@parley/protocol';
import { EVENT } from './constants/events.ts';
import type { KickedOutType, NetState } from './constants/types.ts';
import type { ChatError } from './core/errors.ts';
import type { FetchLike } from './core/http.ts';

/** Options of `TencentCloudChat.create` (reference §2.1) plus Parley's own. */
export interface CreateOptions {
  /** Required; a string is parsed. Unparsable → create returns null, as in TIM. */
  SDKAppID: number | string;
  /** Where the Parley server runs; defaults to the page's origin (`location.origin`). */
  serverURL?: string;
  /** Replaces the global fetch, for tests and for runtimes without one. */
  fetch?: FetchLike;
  /** TIM options that have no meaning on a self-hosted server are accepted so existing code still compiles. */
  [option: string]: unknown;
}

/** Payloads of the events this version emits; every other event's data is `unknown` until it is implemented. */
export interface EventDataMap {
  [EVENT.SDK_READY]: undefined;
  [EVENT.SDK_NOT_READY]: undefined;
  [EVENT.SDK_DESTROY]: { SDKAppID: number };
  [EVENT.PROFILE_UPDATED]: Profile[];
  [EVENT.NET_STATE_CHANGE]: { state: NetState };
  [EVENT.KICKED_OUT]: { type: KickedOutType };
  [EVENT.ERROR]: ChatError;
}

export type EventData<K extends string> = K extends keyof EventDataMap ? EventDataMap[K] : unknown;
