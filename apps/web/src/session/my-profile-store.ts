import TencentCloudChat, { type ChatSDK, type Profile } from '@parley/chat';

const { EVENT } = TencentCloudChat;

/**
 * The logged-in user's profile as the SDK reports it: read with getMyProfile() when the SDK becomes ready and
 * replaced on PROFILE_UPDATED. The SDK owns the data; this only adapts it for useSyncExternalStore.
 */
export class MyProfileStore {
  readonly #chat: ChatSDK;
  readonly #listeners = new Set<() => void>();
  #profile: Profile | null = null;

  constructor(chat: ChatSDK) {
    this.#chat = chat;
    chat.on(EVENT.SDK_READY, () => this.#load());
    chat.on(EVENT.SDK_NOT_READY, () => this.#set(null));
    chat.on(EVENT.PROFILE_UPDATED, ({ data }) => {
      const mine = data.find((profile) => profile.userID === chat.getLoginUser());
      if (mine) this.#set(mine);
    });
    if (chat.isReady()) this.#load();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): Profile | null => this.#profile;

  #load(): void {
    this.#chat.getMyProfile().then(
      ({ data }) => this.#set(data),
      (err: unknown) => console.warn('[parley] getMyProfile failed', err),
    );
  }

  #set(profile: Profile | null): void {
    this.#profile = profile;
    for (const listener of this.#listeners) listener();
  }
}
