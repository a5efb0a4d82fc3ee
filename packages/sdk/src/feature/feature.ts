/** What an SDK feature declares, and the host every feature is given (decision 0029). */
import type { Profile, PushEventOf, PushEventType } from '@parley/protocol';
import type { AuthState } from '../auth/auth-state.ts';
import type { LoginModule } from '../auth/login-module.ts';
import type { Emitter } from '../core/emitter.ts';
import type { FetchLike, HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import type { Timing } from '../core/timing.ts';
import type { Message } from '../message/message.ts';
import type { LiveSession } from '../sync/live-session.ts';
import type { WebSocketConstructor } from '../transport/ws.ts';

export interface ChatConfig {
  SDKAppID: number;
  serverURL: string;
  fetch: FetchLike;
  /** Resolved at each connect, like fetch: a polyfill may be installed after create(). */
  WebSocket: () => WebSocketConstructor | undefined;
  timing: Timing;
  /** Jitter source; tests may fix it. */
  random: () => number;
}

/**
 * The one host object every feature of a ChatSDK is built with: the instance-wide pieces (HTTP, events, the login
 * state, the live session) and the guards every public method goes through.
 */
export interface SdkHost {
  /** The ChatSDK instance: abilities are judged by the methods it has, signalling listeners are kept per instance. */
  readonly sdk: object;
  readonly config: ChatConfig;
  readonly http: HttpClient;
  readonly emitter: Emitter;
  readonly logger: Logger;
  readonly state: AuthState;
  readonly auth: LoginModule;
  readonly live: LiveSession;
  /** Called once when the instance is destroyed (create() then forgets it). */
  onDestroy(): void;
  /** The logged-in user's ID ('' when none). */
  me(): string;
  /** Every call not on the whitelist: rejects while not ready (reference §2.1), failures become ChatErrors. */
  guarded<T>(api: string, fn: () => Promise<T>): Promise<T>;
  /** Synchronous APIs (factories, counters): TIM's wrapper returns a rejected promise in place of the value. */
  guardedSync<T>(api: string, fn: () => T): T;
  /** Whitelisted calls (callable before SDK_READY): failures are only normalised into ChatErrors. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Another feature's part of this ChatSDK, built on first use (a feature may depend on another, never in a ring). */
  part<P>(feature: Feature<string, P>): P;
}

/**
 * A push handler of one event type; `part` is the feature's part of the ChatSDK that received the event. Declared
 * as a method so a list of features with different parts type-checks (method parameters are bivariant).
 */
export type PushHandler<P, T extends PushEventType> = {
  handle(part: P, event: PushEventOf<T>): void;
}['handle'];

export type PushHandlers<P> = { readonly [T in PushEventType]?: PushHandler<P, T> };

/**
 * One SDK feature (GUIDE §5.10; decision 0029): its part of each ChatSDK, the public methods it adds to the facade,
 * its push handlers by event type, and what it does at each step of a login's life. The facade, the push dispatch
 * and the lifecycle are assembled from the list in registry.ts; nothing else needs to know the feature.
 */
export interface Feature<Name extends string = string, P = unknown, M extends object = object, H = PushHandlers<P>> {
  readonly name: Name;
  /** Builds this feature's part of one ChatSDK, once, when the instance is created. */
  create(host: SdkHost): P;
  /** Public methods of ChatSDK; each runs with the part as `this`. Two features never declare the same name. */
  readonly methods: M;
  /** Push events this feature handles; an event type handled by two features needs `pushAfter` on one of them. */
  readonly push?: H & PushHandlers<P>;
  /** For an event type another feature handles too: the features whose handler runs before this one's. */
  readonly pushAfter?: { readonly [T in PushEventType]?: readonly string[] };
  /** Login, before SDK_READY (`preloaded`: started from a snapshot, so nothing may wait for the network). */
  start?(part: P, preloaded: boolean): Promise<void>;
  /** The userSig check answered with my profile. */
  verified?(part: P, profile: Profile): void;
  /** Right after SDK_READY. */
  ready?(part: P): void;
  /** Messages delivered in order (pushed or synced). */
  delivered?(part: P, messages: readonly Message[]): void;
  /** Reconnected: what may have changed meanwhile is read again. */
  refresh?(part: P): void;
  /** The session ended (logout, kick, failed login): per-user state goes. */
  reset?(part: P): void;
  /** Fills the facade's remaining gaps after every feature's methods are installed (the not-yet stubs). */
  complete?(proto: object): void;
}

/** Infers a feature's part from `create` and types `this` in its methods as that part. */
export function defineFeature<Name extends string, P, M extends object, H extends PushHandlers<P> = PushHandlers<P>>(
  feature: Feature<Name, P, M & ThisType<P>, H>,
): Feature<Name, P, M, H> {
  return feature;
}

/** The public methods a feature adds to ChatSDK. */
export type MethodsOf<F> = F extends { readonly methods: infer M } ? M : never;

/** The keys an object type must have (a feature's handlers; the optional keys are PushHandlers' own). */
type RequiredKeys<T> = { [K in keyof T]-?: Record<string, never> extends Pick<T, K> ? never : K }[keyof T];

/** The push event types a feature handles. */
export type HandledBy<F> = F extends { readonly push?: infer H } ? RequiredKeys<NonNullable<H>> & PushEventType : never;
