import TencentCloudChat, { type ChatSDK, type Session } from '@parley/chat';
import { clearDisplayCookies, setDisplayCookies } from './display-cookies.ts';
import { type ChatStart, takeInlineSession } from './inline-session.ts';
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
    // Signed out in another tab or revoked (rule SES4): the SDK has already dropped its state; so does the portal,
    // and the guarded pages send the visitor to the login page.
    chat.on(TencentCloudChat.EVENT.KICKED_OUT, () => this.#signedOut());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.#snapshot;

  /** On page load: resume the server-side session if the cookie is still valid. */
  async start(): Promise<void> {
    // The page may carry the session already (no round trip); otherwise ask the server.
    const inline = takeInlineSession();
    let session: Session | null;
    try {
      session = inline !== undefined ? inline.session : await this.#api.session();
    } catch {
      // An unreachable server also means: show the login page.
      session = null;
    }
    // On a chat route the page also carries the first conversation page: the SDK starts from it (rule SDK9).
    if (session) await this.#signIn(session, inline?.chatStart);
    else this.#signedOut();
  }

  /**
   * A page restored from the back/forward cache shows whatever it showed when it was left (rule SES6): hide it
   * and ask the server again. Signed out since: nothing of the old user stays; another user: start over.
   */
  async recheck(): Promise<void> {
    const before = this.#snapshot;
    this.#set({ status: 'loading' });
    const session = await this.#api.session().catch(() => null);
    if (!session) {
      await this.#dropChat();
      this.#signedOut();
      return;
    }
    if (before.status === 'signedIn' && before.session.userID === session.userID && this.#chat.isReady()) {
      this.#set({ status: 'signedIn', session, chatError: null });
      return;
    }
    await this.#dropChat();
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
    this.#signedOut();
  }

  #signedOut(): void {
    clearDisplayCookies();
    if (this.#snapshot.status !== 'signedOut') this.#set({ status: 'signedOut' });
  }

  async #dropChat(): Promise<void> {
    if (this.#chat.getLoginUser()) await this.logoutChat();
  }

  async #signIn(session: Session, chatStart?: ChatStart): Promise<void> {
    setDisplayCookies(session);
    this.#set({ status: 'signedIn', session, chatError: null });
    const snapshot = chatStart ? { conversations: chatStart, profile: session.profile } : undefined;
    try {
      await this.#chat.login({ userID: session.userID, userSig: session.userSig, snapshot });
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
