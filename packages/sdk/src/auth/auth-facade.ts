/** The auth feature: login, logout and the session lifecycle, declared for the registry (decision 0029). */
import { EVENT } from '../constants/events.ts';
import type { EventHandler } from '../core/emitter.ts';
import { type ChatResponse, ok, toChatError } from '../core/errors.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import { pluginNames } from '../lite/lite-plugins.ts';
import type { EventData } from '../types.ts';
import type { LoginOptions, LoginResult } from './login-module.ts';

type Response<T> = Promise<ChatResponse<T>>;

export interface AuthPart {
  readonly host: SdkHost;
  readonly plugins: Map<string, unknown>;
  /** Names of the lite plugins passed to `use()`: kept, never run (every feature is built in). */
  readonly litePlugins: Set<string>;
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
  create: (host): AuthPart => ({ host, plugins: new Map(), litePlugins: new Set(), destroyed: false }),
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
    /**
     * The lite family's `use(plugin, subPlugin?)` (reference §1): one plugin or an array; answers `undefined` as
     * lite-chat does, warns as lite-chat does for something that is not a plugin, and runs no plugin code.
     */
    use(plugin: unknown, _subPlugin?: unknown[]): void {
      // lite-chat warns through the console whatever the log level; so does Parley, with the same words.
      for (const name of pluginNames(plugin, (text) => console.warn(text))) this.litePlugins.add(name);
    },
    getServerTime(): number {
      return this.host.guardedSync('getServerTime', () => this.host.live.serverTime());
    },
  },
});
