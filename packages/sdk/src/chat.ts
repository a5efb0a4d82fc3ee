import { ERRORS, type Profile } from '@parley/protocol';
import { AuthState } from './auth/auth-state.ts';
import { type LoginOptions, LoginModule, type LoginResult } from './auth/login-module.ts';
import { EVENT } from './constants/events.ts';
import { TYPES } from './constants/types.ts';
import { Emitter, type EventHandler } from './core/emitter.ts';
import { type ChatError, type ChatResponse, ok, toChatError } from './core/errors.ts';
import { NOT_READY_REASON, notReadyError } from './core/guard.ts';
import { type FetchLike, HttpClient } from './core/http.ts';
import { Logger } from './core/logger.ts';
import { ExperimentalModule } from './experimental/experimental-module.ts';
import { ProfileModule, type UpdateMyProfileOptions } from './profile/profile-module.ts';
import type { EventData } from './types.ts';

export interface ChatConfig {
  SDKAppID: number;
  serverURL: string;
  fetch: FetchLike;
}

/**
 * The SDK instance (`ChatSDK` in TIM). It stays a thin facade: it owns the instance-wide pieces (events, HTTP,
 * readiness) and delegates each feature to a module, so new features add a module rather than grow this class.
 */
export class ChatSDK {
  readonly #config: ChatConfig;
  readonly #logger = new Logger();
  readonly #emitter: Emitter;
  readonly #state = new AuthState();
  readonly #http: HttpClient;
  readonly #auth: LoginModule;
  readonly #profile: ProfileModule;
  readonly #experimental: ExperimentalModule;
  readonly #plugins = new Map<string, unknown>();
  readonly #onDestroy: () => void;
  #destroyed = false;

  constructor(config: ChatConfig, onDestroy: () => void = () => {}) {
    this.#config = config;
    this.#onDestroy = onDestroy;
    this.#emitter = new Emitter((name, err) => this.#logger.error(`a handler of "${name}" threw:`, err));
    this.#http = new HttpClient({
      baseURL: config.serverURL,
      fetch: config.fetch,
      getToken: () => this.#state.userSig,
    });
    const deps = { http: this.#http, emitter: this.#emitter, logger: this.#logger };
    this.#profile = new ProfileModule(deps);
    this.#experimental = new ExperimentalModule({ http: this.#http, isLoggedIn: () => this.#state.ready });
    this.#auth = new LoginModule({
      ...deps,
      state: this.#state,
      onLoggedIn: (profile) => this.#profile.seed(profile),
      onReset: () => {
        this.#profile.reset();
        this.#experimental.reset();
      },
    });
  }

  // Events

  on<K extends string>(name: K, handler: EventHandler<EventData<K>>, context?: unknown): void {
    this.#emitter.on(name, handler, context);
  }

  once<K extends string>(name: K, handler: EventHandler<EventData<K>>, context?: unknown): void {
    this.#emitter.once(name, handler, context);
  }

  off<K extends string>(name: K, handler: EventHandler<EventData<K>>, context?: unknown): void {
    this.#emitter.off(name, handler, context);
  }

  // Lifecycle (all whitelisted: callable before SDK_READY)

  login(options: LoginOptions): Promise<ChatResponse<LoginResult>> {
    return this.#run(() => this.#auth.login(options));
  }

  logout(): Promise<ChatResponse<Record<string, never>>> {
    return this.#run(() => this.#auth.logout());
  }

  async destroy(): Promise<ChatResponse<Record<string, never>>> {
    if (this.#destroyed) return ok({});
    this.#destroyed = true;
    this.#auth.reset(NOT_READY_REASON.LOGGED_OUT);
    this.#emitter.emit(EVENT.SDK_DESTROY, { SDKAppID: this.#config.SDKAppID });
    this.#emitter.removeAll();
    this.#onDestroy();
    return ok({});
  }

  isReady(): boolean {
    return this.#state.ready;
  }

  getLoginUser(): string {
    return this.#state.userID;
  }

  setLogLevel(level: number): void {
    this.#logger.setLevel(level);
  }

  /** Upload, push and profanity plugins are TIM cloud services; Parley keeps them but does not call them. */
  registerPlugin(plugins: Record<string, unknown>): void {
    for (const [key, plugin] of Object.entries(plugins ?? {})) this.#plugins.set(key, plugin);
  }

  callExperimentalAPI(key: string, options?: unknown): Promise<ChatResponse<unknown>> {
    return this.#run(() => this.#experimental.call(key, options));
  }

  // Profile (reference §6)

  getMyProfile(): Promise<ChatResponse<Profile>> {
    return this.#guarded('getMyProfile', () => this.#profile.getMyProfile());
  }

  getUserProfile(options: { userIDList: string[] }): Promise<ChatResponse<Profile[]>> {
    return this.#guarded('getUserProfile', () => this.#profile.getUserProfile(options));
  }

  updateMyProfile(options: UpdateMyProfileOptions): Promise<ChatResponse<Profile>> {
    return this.#guarded('updateMyProfile', () => this.#profile.updateMyProfile(options));
  }

  /** Whitelisted calls: only normalise failures into ChatErrors. */
  #run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return fn().catch((err: unknown) => Promise.reject(toChatError(err)));
    } catch (err) {
      return Promise.reject(toChatError(err));
    }
  }

  /**
   * Every other call: reject while not ready (reference §2.1). Parameter checks inside `fn` throw synchronously,
   * before any I/O, as in TIM.
   */
  #guarded<T>(api: string, fn: () => Promise<T>): Promise<T> {
    if (!this.#state.ready) return Promise.reject(notReadyError(api, this.#state.notReadyReason));
    return fn().catch((err: unknown) => Promise.reject(this.#failure(err)));
  }

  #failure(err: unknown): ChatError {
    const error = toChatError(err);
    if (error.code === ERRORS.USERSIG_EXPIRED.code) {
      this.#auth.kick(TYPES.KICKED_OUT_USERSIG_EXPIRED, NOT_READY_REASON.KICKED_OUT_USERSIG_EXPIRED);
    }
    return error;
  }
}
