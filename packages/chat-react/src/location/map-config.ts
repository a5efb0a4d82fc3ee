import { Store } from '../core/store.ts';
import { type ChatEvent, type ChatPort, EVENT } from '../provider/chat-port.ts';

type ConfigAnswer = { data?: { mapUrlTemplate?: unknown } } | undefined;
type WithExperimental = ChatPort & { callExperimentalAPI?: (key: string, options?: unknown) => unknown };

const templateOf = (config: { mapUrlTemplate?: unknown } | undefined): string =>
  typeof config?.mapUrlTemplate === 'string' ? config.mapUrlTemplate : '';

/**
 * The operator's map link template (KLOC5, KLOC6), from the SDK's getServerConfig and SERVER_CONFIG_UPDATED. Asked
 * for only when a location card or the location form first shows (`want`), so a chat without locations costs no
 * request; '' until known and whenever none is configured.
 */
export class MapConfigStore extends Store<string> {
  readonly #chat: WithExperimental;
  #asked = false;

  constructor(chat: ChatPort) {
    super('');
    this.#chat = chat as WithExperimental;
  }

  attach(): () => void {
    const onUpdate = (event: ChatEvent) => {
      this.set(templateOf((event.data as { config?: { mapUrlTemplate?: unknown } } | undefined)?.config));
    };
    this.#chat.on(EVENT.SERVER_CONFIG_UPDATED, onUpdate);
    return () => this.#chat.off(EVENT.SERVER_CONFIG_UPDATED, onUpdate);
  }

  want(): void {
    // Asked once per kit, and only of a logged-in SDK (before login it has no server to ask).
    if (this.#asked || typeof this.#chat.callExperimentalAPI !== 'function' || !this.#chat.isReady()) return;
    this.#asked = true;
    const answer = this.#chat.callExperimentalAPI('getServerConfig') as ConfigAnswer;
    const now = templateOf(answer?.data);
    if (now) this.set(now);
  }
}
