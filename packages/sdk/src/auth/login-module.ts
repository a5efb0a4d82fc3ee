import { ERRORS, type Profile, ROUTES } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import { TYPES } from '../constants/types.ts';
import type { Emitter } from '../core/emitter.ts';
import { ChatError, type ChatResponse, ok, toChatError } from '../core/errors.ts';
import { NOT_READY_REASON } from '../core/guard.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import type { AuthState } from './auth-state.ts';
import { kickTypeOf } from './kick-type.ts';
import { LaterQueue } from './later-queue.ts';
import { readSnapshot, type StartSnapshot } from './start-snapshot.ts';

export interface LoginOptions {
  userID: string;
  userSig: string;
  /** Parley extension (rule SDK9): start from what the page already carries; see StartSnapshot. */
  snapshot?: StartSnapshot | undefined;
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
  /**
   * Called before SDK_READY with the profile check under way: seeds caches, runs the initial sync and opens the
   * push connection, so ready listeners find the profile and the conversation list in place. Rejects when the
   * check fails.
   */
  onLoggedIn: (verified: Promise<Profile | null>, start?: StartSnapshot['conversations']) => Promise<void>;
  /** With a start snapshot: the userSig check succeeded after SDK_READY; its profile replaces the snapshot's. */
  onVerified: (profile: Profile) => void;
  /** Called right after SDK_READY. */
  onReady: () => void;
  /** Called whenever the session ends (or a login fails half-way), so modules drop per-user state. */
  onReset: () => void;
}

/** The not-ready reason after each kind of kick (reference §2.1 and §13.1). */
const KICK_REASON: Readonly<Record<string, number>> = {
  multipleDevice: 3002,
  multipleAccount: 3003,
  userSigExpired: NOT_READY_REASON.KICKED_OUT_USERSIG_EXPIRED,
  REST_API_Kick: 3006,
};

/**
 * Login, logout and readiness (reference §2.2). Login verifies the userSig by fetching the profile, then the
 * session starts (initial sync, push connection), and only then does login resolve; SDK_READY follows in a later
 * task (CMP1) and means the conversation list is there to read.
 */
export class LoginModule {
  readonly #deps: Deps;
  readonly #later = new LaterQueue();

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  async login(options: LoginOptions): Promise<ChatResponse<LoginResult>> {
    const { state } = this.#deps;
    const userID = options?.userID;
    const userSig = options?.userSig;
    if (typeof userID !== 'string' || userID === '') throw ChatError.from('NO_IDENTIFIER');
    if (typeof userSig !== 'string' || userSig === '') throw ChatError.from('NO_USERSIG');
    // Logged in (SDK_READY sent or on its way): TIM answers a repeated login without a new session.
    if (state.established && state.userID === userID) {
      return ok({ actionStatus: 'OK', errorCode: 0, errorInfo: '', repeatLogin: true });
    }
    if (state.loggingIn) throw ChatError.from('REPEAT_LOGIN');

    state.loggingIn = true;
    let session = state.session;
    try {
      // Switching user: the old session ends first so nobody sees a mix of two users' data.
      if (state.established) this.#end(NOT_READY_REASON.LOGGED_OUT, true);
      // The profile check, the first conversation page and the push socket start together (decision 0009): each
      // is a round trip, and the server checks the userSig on every one of them anyway.
      state.adopt(userID, userSig);
      session = state.session;
      const verified = this.#deps.http.get<Profile>(ROUTES.myProfile, { token: userSig }).then((profile) => {
        if (profile.userID !== userID) throw ChatError.from('USERSIG_USER_MISMATCH');
        return profile;
      });
      // With a snapshot (rule SDK9) nothing before SDK_READY waits for the network: the check finishes after it.
      const snapshot = readSnapshot(options.snapshot, userID, this.#deps.logger);
      if (snapshot) verified.catch(() => undefined);
      const first = snapshot ? Promise.resolve(snapshot.profile ?? null) : verified;
      await this.#deps.onLoggedIn(first, snapshot?.conversations);
      if (state.session !== session) throw ChatError.from('LOGIN_FAILED', 'logged out while logging in');
      state.established = true;
      this.#deps.logger.info(`login ok: ${userID}`);
      // CMP1: login resolves first; SDK_READY follows in a later task, only if this session is still the current one.
      this.#later.run(() => {
        if (state.session !== session || !state.established) return;
        state.ready = true;
        this.#deps.emitter.emit(EVENT.SDK_READY);
        this.#deps.onReady();
        if (snapshot) this.#verifyLater(userID, userSig, verified);
      });
      return ok({ repeatLogin: false });
    } catch (err) {
      // Half-way (check or sync failed): undo, so no credentials linger in a not-ready SDK. A logout that ended
      // this login meanwhile has cleared it already, and its reason (3005) stands.
      if (state.session === session) {
        state.clear(NOT_READY_REASON.LOGIN_FAILED);
        this.#deps.onReset();
      }
      this.#deps.logger.warn('login failed:', err instanceof Error ? err.message : err);
      throw err;
    } finally {
      state.loggingIn = false;
    }
  }

  /**
   * The userSig check of a snapshot login, finished after SDK_READY. A session that has ended (expired, revoked,
   * signed out, or a userSig of another user) is a kick, as when any later request finds it ended (rule SDK9);
   * a network failure is not: the socket and its catch-up find out soon enough.
   */
  #verifyLater(userID: string, userSig: string, verified: Promise<Profile>): void {
    const { state } = this.#deps;
    const current = () => state.ready && state.userID === userID && state.userSig === userSig;
    verified.then(
      (profile) => {
        if (current()) this.#deps.onVerified(profile);
      },
      (err: unknown) => {
        if (!current()) return;
        const error = toChatError(err);
        const mismatch = error.code === ERRORS.USERSIG_USER_MISMATCH.code;
        const kick = mismatch ? TYPES.KICKED_OUT_USERSIG_EXPIRED : kickTypeOf(error);
        if (kick) this.kick(kick);
        else this.#deps.logger.warn('login: the background userSig check failed:', err);
      },
    );
  }

  async logout(): Promise<ChatResponse<Record<string, never>>> {
    if (!this.#deps.state.userID) throw ChatError.from('USER_NOT_LOGGED_IN');
    // CMP2: logout resolves first; SDK_NOT_READY follows in a later task.
    this.#end(NOT_READY_REASON.LOGGED_OUT, true);
    return ok({});
  }

  /**
   * The server ended the session: TIM emits KICKED_OUT, then resets to not ready (CMP3). The state is cleared
   * before KICKED_OUT, so a handler that logs in again starts a new session instead of being told it is logged in.
   */
  kick(type: string): void {
    if (!this.#deps.state.established) return;
    this.#end(KICK_REASON[type] ?? NOT_READY_REASON.KICKED_OUT_USERSIG_EXPIRED, true);
    this.#deps.emitter.emit(EVENT.KICKED_OUT, { type });
  }

  /** destroy(): ends the session at once; SDK_NOT_READY leaves now, while the listeners are still there. */
  destroy(): void {
    this.#later.cancelAll();
    const wasEstablished = this.#deps.state.established;
    this.#deps.state.clear(NOT_READY_REASON.LOGGED_OUT);
    this.#deps.onReset();
    if (wasEstablished) this.#deps.emitter.emit(EVENT.SDK_NOT_READY);
  }

  /** Ends the session; SDK_NOT_READY is queued behind anything already queued, so it never overtakes an SDK_READY. */
  #end(reason: number, notify: boolean): void {
    this.#deps.state.clear(reason);
    this.#deps.onReset();
    if (notify) this.#later.run(() => this.#deps.emitter.emit(EVENT.SDK_NOT_READY));
  }
}
