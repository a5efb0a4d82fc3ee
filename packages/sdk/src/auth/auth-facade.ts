/** The auth feature: login, logout and the session lifecycle, declared for the registry (decision 0029). */
import { EVENT } from '../constants/events.ts';
import type { EventHandler } from '../core/emitter.ts';
import { type ChatResponse, ok, toChatError } from '../core/errors.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import type { EventData } from '../types.ts';
import type { LoginOptions, LoginResult } from './login-module.ts';

type Response<T> = Promise<ChatResponse<T>>;

export interface AuthPart {
  readonly host: SdkHost;
  readonly plugins: Map<string, unknown>;
  destroyed: boolean;
}

/** login and logout: like every whitelisted call, a failure (even a synchronous one) is a rejected ChatError. */
function settle<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return fn().catch((err: unknown) => Promise.reject(toChatError(err)));
  } catch (err) {
    return Promise.reject(toChatError(err));
  }
}

/**
 * Events and the instance's life (reference §2): on/off/once, login, logout, destroy and the other calls that are
 * whitelisted (callable before SDK_READY). The login itself is the host's LoginModule: it drives every feature's
 * start, ready and reset.
 */
export const authFeature = defineFeature({
  name: 'auth',
  create: (host): AuthPart => ({ host, plugins: new Map(), destroyed: false }),
  methods: {
    on<K extends string>(name: K, handler: EventHandler<EventData<K>>, context?: unknown): void {
      this.host.emitter.on(name, handler, context);
    },
    once<K extends string>(name: K, handler: EventHandler<EventData<K>>, context?: unknown): void {
      this.host.emitter.once(name, handler, context);
    },
    off<K extends string>(name: K, handler: EventHandler<EventData<K>>, context?: unknown): void {
      this.host.emitter.off(name, handler, context);
    },
    login(options: LoginOptions): Response<LoginResult> {
      return settle(() => this.host.auth.login(options));
    },
    logout(): Response<Record<string, never>> {
      return settle(() => this.host.auth.logout());
    },
    async destroy(): Response<Record<string, never>> {
      if (this.destroyed) return ok({});
      this.destroyed = true;
      this.host.auth.destroy();
      this.host.emitter.emit(EVENT.SDK_DESTROY, { SDKAppID: this.host.config.SDKAppID });
      this.host.emitter.removeAll();
      this.host.onDestroy();
      return ok({});
    },
    isReady(): boolean {
      return this.host.state.ready;
    },
    getLoginUser(): string {
      return this.host.state.userID;
    },
    setLogLevel(level: number): void {
      this.host.logger.setLevel(level);
    },
    /** Upload, push and profanity plugins are TIM cloud services; Parley keeps them but does not call them. */
    registerPlugin(plugins: Record<string, unknown>): void {
      for (const [key, plugin] of Object.entries(plugins ?? {})) this.plugins.set(key, plugin);
    },
    getServerTime(): number {
      return this.host.guardedSync('getServerTime', () => this.host.live.serverTime());
    },
  },
});
