import type { ChatSDK, Session } from '@parley/chat';
import { clearDisplayCookies, setDisplayCookies } from './display-cookies.ts';
import type { Credentials, PortalApi } from './portal-api.ts';

export interface ChatFailure {
  code: number;
  message: string;
}

export type SessionSnapshot =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; session: Session; chatError: ChatFailure | null };

/**
 * The browser session: asks the server whether a session cookie is live, logs the SDK in with the session's
 * userSig, and ends both on logout. Snapshots are immutable so React can subscribe with useSyncExternalStore.
 */
export class SessionStore {
  readonly #api: PortalApi;
  readonly #chat: ChatSDK;
  readonly #listeners = new Set<() => void>();
  #snapshot: SessionSnapshot = { status: 'loading' };

  constructor(api: PortalApi, chat: ChatSDK) {
    this.#api = api;
    this.#chat = chat;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.#snapshot;

  /** On page load: resume the server-side session if the cookie is still valid. */
  async start(): Promise<void> {
    let session: Session;
    try {
      session = await this.#api.session();
    } catch {
      // 401 (no session) and an unreachable server both mean: show the login page.
      clearDisplayCookies();
      this.#set({ status: 'signedOut' });
      return;
    }
    await this.#signIn(session);
  }

  /** Rejects with a PortalError (wrong credentials, locked, network) for the login form to show. */
  async login(credentials: Credentials): Promise<void> {
    await this.#signIn(await this.#api.login(credentials));
  }

  /** Step 2 of the seed's logout: the chat logs out. A failure is only logged (seed 001 §8). */
  async logoutChat(): Promise<void> {
    try {
      await this.#chat.logout();
    } catch (err) {
      console.warn('[parley] chat logout failed', err);
    }
  }

  /** Final step of logout: end the server session and drop the display cookies. */
  async endSession(): Promise<void> {
    try {
      await this.#api.logout();
    } catch (err) {
      console.warn('[parley] session logout failed', err);
    }
    clearDisplayCookies();
    this.#set({ status: 'signedOut' });
  }

  async #signIn(session: Session): Promise<void> {
    setDisplayCookies(session);
    this.#set({ status: 'signedIn', session, chatError: null });
    try {
      await this.#chat.login({ userID: session.userID, userSig: session.userSig });
    } catch (err) {
      const { code = 0, message = String(err) } = err as Partial<ChatFailure>;
      if (this.#snapshot.status === 'signedIn') this.#set({ ...this.#snapshot, chatError: { code, message } });
    }
  }

  #set(snapshot: SessionSnapshot): void {
    this.#snapshot = snapshot;
    for (const listener of this.#listeners) listener();
  }
}
