import type { Profile, PushEvent } from '@parley/protocol';
import { AuthState } from '../auth/auth-state.ts';
import { kickTypeOf } from '../auth/kick-type.ts';
import { LoginModule } from '../auth/login-module.ts';
import { Emitter } from '../core/emitter.ts';
import { ChatError, toChatError } from '../core/errors.ts';
import { notReadyError } from '../core/guard.ts';
import { HttpClient } from '../core/http.ts';
import { Logger } from '../core/logger.ts';
import type { Message } from '../message/message.ts';
import { LiveSession } from '../sync/live-session.ts';
import type { ChatConfig, Feature, SdkHost } from './feature.ts';

/** What the host calls on the features, each step fanned out over every part (assemble.ts). */
export interface FeatureHooks {
  part<P>(feature: Feature<string, P>): P;
  push(event: PushEvent): void;
  start(preloaded: boolean): Promise<void>;
  verified(profile: Profile): void;
  ready(): void;
  delivered(messages: readonly Message[]): void;
  refresh(): void;
  reset(): void;
}

/**
 * Builds the host of one ChatSDK: the login state, HTTP, events, the live session and the login module, whose
 * steps (logged in, verified, ready, reset) reach every feature through `hooks`.
 */
export function createHost(sdk: object, config: ChatConfig, hooks: FeatureHooks, onDestroy: () => void): SdkHost {
  const state = new AuthState();
  const logger = new Logger();
  const emitter = new Emitter((name, err) => logger.error(`a handler of "${name}" threw:`, err));
  const http = new HttpClient({ baseURL: config.serverURL, fetch: config.fetch, getToken: () => state.userSig });
  const me = () => state.userID;
  const kick = (type: string) => auth.kick(type);
  const live = new LiveSession({
    http,
    emitter,
    logger,
    serverURL: config.serverURL,
    WebSocket: config.WebSocket,
    timing: config.timing,
    random: config.random,
    userID: me,
    userSig: () => state.userSig,
    isReady: () => state.ready,
    onPush: (event) => hooks.push(event),
    onReconnected: () => hooks.refresh(),
    onDelivered: (messages) => hooks.delivered(messages),
    onKicked: kick,
  });
  const auth: LoginModule = new LoginModule({
    http,
    emitter,
    logger,
    state,
    onLoggedIn: async (verified, preloaded) => {
      const started = live.start(preloaded);
      // With a snapshot nothing before SDK_READY waits for the network (SDK9): the hello's refresh reads the rest.
      const features = hooks.start(preloaded !== undefined);
      // A failed check ends the login at once; the starts still running must not reject unheard.
      started.catch(() => undefined);
      features.catch(() => undefined);
      const [profile] = await Promise.all([verified, started, features]);
      if (profile) hooks.verified(profile);
      live.releaseNetState();
    },
    onVerified: (profile) => hooks.verified(profile),
    onReady: () => {
      live.becameReady();
      hooks.ready();
    },
    onReset: () => {
      live.stop(new ChatError(state.notReadyReason, 'The session ended before the message was sent'));
      hooks.reset();
    },
  });
  /** A failure that says the session ended (70001 from any request) kicks, as a kicked frame does. */
  const failure = (err: unknown): ChatError => {
    const error = toChatError(err);
    const type = kickTypeOf(error);
    if (type) kick(type);
    return error;
  };
  return {
    sdk,
    config,
    http,
    emitter,
    logger,
    state,
    auth,
    live,
    onDestroy,
    me,
    // Parameter checks inside `fn` throw synchronously, before any I/O, as in TIM.
    guarded: (api, fn) => {
      if (!state.ready) return Promise.reject(notReadyError(api, state.notReadyReason));
      return fn().catch((err: unknown) => Promise.reject(failure(err)));
    },
    // The cast keeps TIM's typings, which promise the value even when the SDK is not ready.
    guardedSync: <T>(api: string, fn: () => T): T => {
      if (!state.ready) return Promise.reject(notReadyError(api, state.notReadyReason)) as T;
      return fn();
    },
    // Whitelisted, yet parameter checks inside `fn` still throw synchronously, as in TIM.
    run: (fn) => fn().catch((err: unknown) => Promise.reject(toChatError(err))),
    part: (feature) => hooks.part(feature),
  };
}
