import { type Profile, ROUTES } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import { TYPES } from '../constants/types.ts';
import type { Emitter } from '../core/emitter.ts';
import { ChatError, type ChatResponse, ok } from '../core/errors.ts';
import { NOT_READY_REASON } from '../core/guard.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import type { AuthState } from './auth-state.ts';

export interface LoginOptions {
  userID: string;
  userSig: string;
}

/** What login resolves with; a repeated login adds TIM's server-style status fields. */
export interface LoginResult {
  repeatLogin: boolean;
  actionStatus?: 'OK';
  errorCode?: 0;
  errorInfo?: string;
}

interface Deps {
  http: HttpClient;
  emitter: Emitter;
  logger: Logger;
  state: AuthState;
  /** Called with the verified profile before SDK_READY, so ready listeners can read it at once. */
  onLoggedIn: (profile: Profile) => void;
  /** Called whenever the session ends, so modules drop per-user caches. */
  onReset: () => void;
}

/**
 * Login, logout and readiness (reference §2.2). This first version has no push connection: the userSig is verified
 * by fetching the profile, and readiness follows directly. The WebSocket will slot in between verify and ready.
 */
export class LoginModule {
  readonly #deps: Deps;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  async login(options: LoginOptions): Promise<ChatResponse<LoginResult>> {
    const { state } = this.#deps;
    const userID = options?.userID;
    const userSig = options?.userSig;
    if (typeof userID !== 'string' || userID === '') throw ChatError.from('NO_IDENTIFIER');
    if (typeof userSig !== 'string' || userSig === '') throw ChatError.from('NO_USERSIG');
    if (state.ready && state.userID === userID) {
      return ok({ actionStatus: 'OK', errorCode: 0, errorInfo: '', repeatLogin: true });
    }
    if (state.loggingIn) throw ChatError.from('REPEAT_LOGIN');

    state.loggingIn = true;
    try {
      // Switching user: the old session ends first so nobody sees a mix of two users' data.
      if (state.ready) this.reset(NOT_READY_REASON.LOGGED_OUT);
      const profile = await this.#deps.http.get<Profile>(ROUTES.myProfile, { token: userSig });
      if (profile.userID !== userID) throw ChatError.from('USERSIG_USER_MISMATCH');
      state.adopt(userID, userSig);
      this.#deps.onLoggedIn(profile);
      this.#deps.logger.info(`login ok: ${userID}`);
      this.#deps.emitter.emit(EVENT.SDK_READY);
      this.#deps.emitter.emit(EVENT.NET_STATE_CHANGE, { state: TYPES.NET_STATE_CONNECTED });
      return ok({ repeatLogin: false });
    } catch (err) {
      state.notReadyReason = NOT_READY_REASON.LOGIN_FAILED;
      this.#deps.logger.warn('login failed:', err instanceof Error ? err.message : err);
      throw err;
    } finally {
      state.loggingIn = false;
    }
  }

  async logout(): Promise<ChatResponse<Record<string, never>>> {
    if (!this.#deps.state.userID) throw ChatError.from('USER_NOT_LOGGED_IN');
    this.reset(NOT_READY_REASON.LOGGED_OUT);
    return ok({});
  }

  /** The server no longer accepts our userSig: TIM emits KICKED_OUT, then resets to not ready. */
  kick(type: string, reason: number): void {
    if (!this.#deps.state.ready) return;
    this.#deps.emitter.emit(EVENT.KICKED_OUT, { type });
    this.reset(reason);
  }

  /** Ends the session locally; emits SDK_NOT_READY only if the SDK was ready. */
  reset(reason: number): void {
    const wasReady = this.#deps.state.ready;
    this.#deps.state.clear(reason);
    this.#deps.onReset();
    if (wasReady) this.#deps.emitter.emit(EVENT.SDK_NOT_READY);
  }
}
