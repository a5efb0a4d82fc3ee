import { Store } from '../core/store.ts';
import { type ChatEvent, type ChatPort, EVENT, TYPES } from '../provider/chat-port.ts';

export type NetState = 'connected' | 'connecting' | 'disconnected';

function parse(data: unknown): NetState | null {
  const state = (data as { state?: unknown } | null)?.state;
  return state === TYPES.NET_STATE_CONNECTED ||
    state === TYPES.NET_STATE_CONNECTING ||
    state === TYPES.NET_STATE_DISCONNECTED
    ? (state as NetState)
    : null;
}

/**
 * The SDK's connection state (NET_STATE_CHANGE) while the SDK is ready. The first connection during login is not
 * a network problem, so until SDK_READY the state reads as connected (the list shows its loading state then).
 * `onReconnected` fires when a ready SDK is connected again after a loss.
 */
export class NetStore extends Store<NetState> {
  readonly #chat: ChatPort;
  readonly #reconnected = new Set<() => void>();
  #raw: NetState = 'connected';

  constructor(chat: ChatPort) {
    super('connected');
    this.#chat = chat;
  }

  attach(): () => void {
    const changed = (event: ChatEvent) => {
      const state = parse(event.data);
      if (state === null) return;
      this.#raw = state;
      if (!this.#chat.isReady()) return;
      const wasLost = this.getSnapshot() !== 'connected';
      this.set(state);
      if (state === 'connected' && wasLost) for (const fn of [...this.#reconnected]) fn();
    };
    const ready = () => this.set(this.#raw);
    const notReady = () => this.set('connected');
    this.#chat.on(EVENT.NET_STATE_CHANGE, changed);
    this.#chat.on(EVENT.SDK_READY, ready);
    this.#chat.on(EVENT.SDK_NOT_READY, notReady);
    return () => {
      this.#chat.off(EVENT.NET_STATE_CHANGE, changed);
      this.#chat.off(EVENT.SDK_READY, ready);
      this.#chat.off(EVENT.SDK_NOT_READY, notReady);
    };
  }

  onReconnected(fn: () => void): () => void {
    this.#reconnected.add(fn);
    return () => this.#reconnected.delete(fn);
  }
}
